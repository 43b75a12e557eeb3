/**
 * The AML file's retention as staff pages show it (the registration's and the client's AML section): the
 * five years after the relationship ended (common/aml.ts amlRetainedUntil) and a compliance officer's legal
 * hold, which keeps the file whatever its age until lifted.
 */
import { Type, type Static } from 'typebox';
import { MAX_LEGAL_HOLD_REASON, MIN_LEGAL_HOLD_REASON } from './aml-paths.ts';
import { Closed, Instant, Nullable, Paragraphs, PersonRef } from './shared.ts';

export const LegalHold = Type.Object({
  /** The reason, by whom and since when; null while none stands. */
  hold: Nullable(Type.Object({ reason: Type.String(), by: Nullable(PersonRef), at: Instant })),
  /** The day the relationship ended (a cancelled client's last subscription, a withdrawal), null while it goes on. */
  relationship_ended_on: Nullable(Type.String()),
  /** Five years after that: from this day the scheduled purge deletes the file unless a hold stands. */
  retained_until: Nullable(Type.String()),
});
export type LegalHold = Static<typeof LegalHold>;

export const LegalHoldBody = Closed({ reason: Paragraphs(MAX_LEGAL_HOLD_REASON, { minLength: MIN_LEGAL_HOLD_REASON, title: 'Reason' }) });
export type LegalHoldBody = Static<typeof LegalHoldBody>;
