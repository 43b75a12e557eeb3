/**
 * History lines of the demo's own story that more than one seed file finds again by their text (the
 * resubmitted registration's return and resubmission), kept apart so the seed files do not import each other.
 */
export const RESUBMISSION_EVENTS = [
  'Returned for correction: trade licence copy has expired',
  'Resubmitted with the renewed trade licence',
] as const;
