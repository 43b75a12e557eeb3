/**
 * E-invoicing under the UAE mandate: the vocabulary the back end and the console share. Every tax
 * invoice and credit note gets a PINT AE document (UBL 2.1) at issue, checked against the rules before it
 * leaves, then sent through an Accredited Service Provider (ASP), which delivers it to the buyer's ASP and
 * reports it to the Federal Tax Authority.
 */
import { SUPPLIER } from './invoices.ts';

export const PINT_AE_CUSTOMIZATION_ID = 'urn:peppol:pint:billing-1@ae-1';
export const PINT_AE_PROFILE_ID = 'urn:peppol:bis:billing';
/** The field a failure on the buyer's endpoint names: the form the person fixes it in. */
export const CLIENT_TIN_FIELD = "Client's TIN";

/** The Peppol scheme of a UAE endpoint: 0235 followed by the 10-digit TIN. */
export const UAE_ENDPOINT_SCHEME = '0235';

/** The emirates' codes (country subdivision of a UAE address), with the words an address spells them in. */
export const EMIRATES = {
  AUH: ['abu dhabi', 'al ain', 'أبوظبي', 'ابوظبي'],
  DXB: ['dubai', 'دبي'],
  SHJ: ['sharjah', 'الشارقة'],
  AJM: ['ajman', 'عجمان'],
  UAQ: ['umm al quwain', 'umm al-quwain', 'أم القيوين'],
  RAK: ['ras al khaimah', 'ras al-khaimah', 'رأس الخيمة'],
  FUJ: ['fujairah', 'الفجيرة'],
} as const;
export type EmirateCode = keyof typeof EMIRATES;
export const EMIRATE_NAMES: Record<EmirateCode, string> = {
  AUH: 'Abu Dhabi',
  DXB: 'Dubai',
  SHJ: 'Sharjah',
  AJM: 'Ajman',
  UAQ: 'Umm Al Quwain',
  RAK: 'Ras Al Khaimah',
  FUJ: 'Fujairah',
};

/** The emirate an address names (its last mention wins: '... Dubai Road, Sharjah' is in Sharjah); null when none. */
export function emirateOf(address: string): EmirateCode | null {
  const text = address.toLowerCase();
  let best: { code: EmirateCode; at: number } | null = null;
  for (const [code, words] of Object.entries(EMIRATES) as [EmirateCode, readonly string[]][]) {
    for (const word of words) {
      const at = text.lastIndexOf(word);
      if (at >= 0 && (!best || at > best.at)) best = { code, at };
    }
  }
  return best?.code ?? null;
}

/** The firm as the seller on every document: the supplier of common/invoices.ts with what PINT AE adds. */
export const SELLER = {
  ...SUPPLIER,
  /** The first 10 digits of the TRN: its Peppol endpoint is 0235:<tin>. */
  tin: SUPPLIER.trn.slice(0, 10),
  tradeName: 'Ledgerline',
  licence: '1045678',
  licensingAuthority: 'Dubai Department of Economy and Tourism',
  street: 'Office 1204, Boulevard Plaza Tower 1, Sheikh Mohammed bin Rashid Boulevard, Downtown Dubai',
  city: 'Dubai',
  emirate: 'DXB' as EmirateCode,
  /** Where clients pay (credit transfer, UNCL4461 code 30). */
  iban: 'AE070331234567890123456',
} as const;

/**
 * The e-invoice's state: invalid (failed our rules, never sent: a person fixes the cause and issues a credit
 * note and a new invoice), queued (not sent yet, or retrying), sent (the ASP has it), accepted (the ASP's
 * checks passed), delivered (to the buyer's ASP), reported (to the FTA: done), rejected (by the ASP, with its
 * rule ids).
 */
export const EINVOICE_STATES = ['invalid', 'queued', 'sent', 'accepted', 'delivered', 'reported', 'rejected'] as const;
export type EinvoiceState = (typeof EINVOICE_STATES)[number];
export const EINVOICE_STATE_LABELS: Record<EinvoiceState, string> = {
  invalid: 'Not sent: fails the rules',
  queued: 'Not sent',
  sent: 'Sent',
  accepted: 'Accepted',
  delivered: 'Delivered',
  reported: 'Reported',
  rejected: 'Rejected',
};
/** States a person must act on: the 'E-invoices needing attention' filter and the navigation count. */
export const EINVOICE_ATTENTION_STATES = ['invalid', 'rejected'] as const satisfies readonly EinvoiceState[];
/** The ASP's answers after a submission, in the order they come. */
export const ASP_PROGRESS = ['accepted', 'delivered', 'reported'] as const satisfies readonly EinvoiceState[];

/** An invoice not 'reported' within this many days of its date is overdue (a late invoice costs AED 100). */
export const EINVOICE_REPORT_DAYS = 14;
/** Tries before a document that keeps failing (time-outs, 5xx) stops for a person. */
export const MAX_EINVOICE_TRIES = 8;

/** A rule a document breaks: its id (as the PINT AE rules name it), its text and the field a person fixes. */
export interface RuleFailure {
  rule: string;
  text: string;
  field: string;
}

/** The field of a refusal on the ASP's side (the buyer's ASP, a fault): the same document may pass when sent again. */
export const ASP_SIDE_FIELD = 'Document';
/**
 * A rejected document fails the same way when sent again if a failure names something it carries (the
 * client's TIN, TRN, address): a document never changes, so it is corrected by a credit note and a new invoice.
 */
export const failsAgainAsIssued = (failures: readonly RuleFailure[]): boolean => failures.some((failure) => failure.field !== ASP_SIDE_FIELD);

/** 8-position transaction-type flags (BTAE-02, ProfileExecutionID); position 5 is a continuous supply. */
export function transactionFlags(flags: { continuousSupply: boolean }): string {
  return `0000${flags.continuousSupply ? '1' : '0'}000`;
}

/** Billing frequency (BTAE-06) of a subscription cycle. */
export const FREQUENCY_CODES = { monthly: 'MTH', quarterly: 'QTR', annual: 'YRL' } as const;

/** Credit note reason (BTAE-03): DL8.61.1.A cancelled, .B tax treatment changed, .C consideration changed, .D goods returned, .E other. */
export const CREDIT_NOTE_REASON_CODE = 'DL8.61.1.E';

/** Revenue bands and their mandate deadlines (Ministerial Decision 243 of 2025). */
// The revenue bands and their deadlines live with the clients' readiness (one table; the calendar reads them).
export { MANDATE_DEADLINES, REVENUE_BAND_LABELS, REVENUE_BANDS, type RevenueBand } from './einvoicing-readiness.ts';
