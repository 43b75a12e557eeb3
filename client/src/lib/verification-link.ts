/** The verification page's address (spec: /registrations/{userId}/verification/?step={key}, optional return=true or resubmitted). */
import type { Stage } from '../../../common/stages.ts';

export const VERIFICATION_PATH = /^\/registrations\/(?<userId>[^/]+)\/verification\/?$/;

export function verificationPath(userId: string | number, step: Stage, returned = false): string {
  const query = new URLSearchParams({ step });
  if (returned) query.set('return', 'true');
  return `/registrations/${encodeURIComponent(String(userId))}/verification/?${query}`;
}

export interface VerificationQuery {
  step: string | null;
  /** return=true or resubmitted (any value but 'false'): the stepper shows its return sub-entry. */
  showReturn: boolean;
}

export function readVerificationQuery(search: string): VerificationQuery {
  const query = new URLSearchParams(search);
  const flag = (name: string) => query.has(name) && query.get(name) !== 'false';
  return { step: query.get('step'), showReturn: flag('return') || flag('resubmitted') };
}
