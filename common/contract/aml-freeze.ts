/**
 * The freeze a confirmed sanctions match puts on a client, as staff pages show it (the client's list row, its
 * pages, its registration's pages, the AML file): since when, and a lift waiting for its second approver.
 * Nothing of it is in any answer a client receives.
 */
import { Type, type Static } from 'typebox';
import { MAX_LIFT_REASON, MIN_LIFT_REASON } from './aml-paths.ts';
import { Closed, Instant, Nullable, Paragraphs, PersonRef, Version } from './shared.ts';

export { MAX_LIFT_REASON, MIN_LIFT_REASON } from './aml-paths.ts';

export const LiftRequest = Type.Object({ by: PersonRef, at: Instant, reason: Type.String() });
export type LiftRequest = Static<typeof LiftRequest>;

export const ClientFreeze = Type.Object({
  at: Instant,
  /** The AML file's version, which lifting it names. */
  version: Type.Integer(),
  /** Asked for by a compliance officer; a second staff member (ADMIN or REVIEWER) approves it. */
  lift_requested: Nullable(LiftRequest),
});
export type ClientFreeze = Static<typeof ClientFreeze>;

export const RequestLiftBody = Closed({ version: Version, reason: Paragraphs(MAX_LIFT_REASON, { minLength: MIN_LIFT_REASON, title: 'Reason' }) });
export type RequestLiftBody = Static<typeof RequestLiftBody>;
export const ApproveLiftBody = Closed({ version: Version });
export type ApproveLiftBody = Static<typeof ApproveLiftBody>;
