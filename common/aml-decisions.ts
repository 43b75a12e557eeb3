/**
 * Who decides a screening match and how (Decree-Law 10 of 2025 asks for decisions a person can defend): only
 * the roles that answer for the file decide matches and rate risk, a reason long enough to say why, and four
 * eyes on clearing a strong hit: a false positive on a score of COUNTERSIGN_SCORE or more waits for a second,
 * different staff member's countersign and keeps blocking the approval until then.
 */
import type { StaffRole } from './roles.ts';

/** Decide matches, countersign and rate risk: ADMIN (compliance officers are ADMIN users) and REVIEWER. BD roles and the rest read. */
export const AML_DECIDER_ROLES = ['ADMIN', 'REVIEWER'] as const satisfies readonly StaffRole[];

export const mayDecideAml = (role: string | null | undefined): boolean => (AML_DECIDER_ROLES as readonly string[]).includes(role ?? '');

/** A false positive on a candidate scoring this much or more needs a second person's countersign. */
export const COUNTERSIGN_SCORE = 90;

export const needsCountersign = (decision: 'false_positive' | 'confirmed', score: number): boolean => decision === 'false_positive' && score >= COUNTERSIGN_SCORE;

/** The shortest reason a decision, countersign, send-back or reopening takes (trimmed). */
export const MIN_DECISION_REASON = 20;

/** Reasons to start from in the console; each is long enough, and the person completes it. */
export const DECISION_REASON_TEMPLATES: Readonly<Record<'false_positive' | 'confirmed' | 'countersign' | 'send_back' | 'reopen', readonly string[]>> = {
  false_positive: [
    'Date of birth differs from the listed person\'s: ',
    'Nationality differs from the listed person\'s, and no other identifier agrees: ',
    'Passport or Emirates ID checked against the listing\'s identifiers; a different person: ',
    'Name similarity only; a common name with no identifier in common: ',
  ],
  confirmed: [
    'Name, date of birth and nationality agree with the listing: ',
    'Identity document number matches the listing: ',
  ],
  countersign: [
    'Checked the identifiers on file against the listing; I agree it is not the listed person.',
    'Reviewed the evidence behind the first decision and agree with it.',
  ],
  send_back: [
    'The evidence on file does not rule the listed person out: ',
    'Identifiers missing from the file; ask the client for them before deciding again: ',
  ],
  reopen: [
    'New information about the party or the listing calls the decision into question: ',
  ],
};
