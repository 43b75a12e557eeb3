/**
 * A staff action on one registration through the transition engine (transition.ts's pipelineWrite: one
 * transaction, the stage machine's checks, its event and notifications), answering the review as the action
 * left it. Every staff page's actions use it: review, meetings, plan, activation, profile.
 */
import type { RegistrationReview } from '../../../../common/contract/registrations.ts';
import type { Database } from '../../db/database.ts';
import { readReview } from './review-read.ts';
import { pipelineWrite, type Actor, type PipelineWrite } from './transition.ts';

/** A staff action on the registration of the client `userId`: answers the review as the action left it. */
export function staffWrite(
  db: Database,
  action: PipelineWrite<RegistrationReview>['action'],
  userId: number,
  actor: Actor,
  version: number | null,
  act: PipelineWrite<RegistrationReview>['act'],
): Promise<RegistrationReview> {
  return pipelineWrite(db, { action, userId, actor, version, act, read: (tx) => readReview(tx, userId) });
}
