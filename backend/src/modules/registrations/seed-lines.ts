/**
 * History lines of the demo's own story that more than one seed file finds again by their text (the
 * resubmitted registration's return and resubmission), kept apart so the seed files do not import each other.
 */
export const RESUBMISSION_EVENTS = [
  'Returned for correction: trade licence copy has expired',
  'Resubmitted with the renewed trade licence',
] as const;

/** Due diligence's approval of a registration now waiting on its plan. */
export const DUE_DILIGENCE_APPROVED_EVENT = 'Due diligence approved, plan awaiting approval';

/** A withdrawal's line: the last step of a withdrawn registration's history. */
export const WITHDRAWN_EVENT = 'Registration withdrawn by the client';
