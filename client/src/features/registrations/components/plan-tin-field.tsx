/**
 * The company's TIN in the plan approval dialog, asked for where its TRN is taken: a company with a TRN has
 * the TRN's first 10 digits (shown, sent as such); one without gives it, or its e-invoices fail rule ibr-080
 * until one is recorded on the client. What it sends is `tinToSend`; the back end refuses a TIN its TRN
 * contradicts, naming the TRN.
 */
import { useId } from 'react';
import type { CompanyProfile } from '../../../../../common/contract/registrations.ts';
import { TIN_LENGTH, tinOfTrn } from '../../../../../common/einvoicing-readiness.ts';
import { einvoicingFields } from '../../../../../common/contract/einvoicing-fields.ts';
import { TextField } from '../../../components/text-field.tsx';

const trnOf = (profile: CompanyProfile | null | undefined): string | null => {
  const trn = profile?.vat_registered ? (profile.trn ?? '').replace(/\s/g, '') : '';
  return /^\d{15}$/.test(trn) ? trn : null;
};

/** The TIN typed so far, or the profile's (recorded, else its TRN's first 10 digits). */
export const initialTin = (profile: CompanyProfile | null | undefined): string => {
  const trn = trnOf(profile);
  return trn ? tinOfTrn(trn) : (profile?.tin ?? '');
};

/** What is wrong with the TIN typed, or null (empty is allowed: it can be recorded on the client later). */
export const tinProblem = (tin: string): string | null => (tin.trim() === '' || new RegExp(`^\\d{${TIN_LENGTH}}$`).test(tin.trim()) ? null : `TIN must be the ${TIN_LENGTH} digits of the Tax Identification Number.`);

export function PlanTinField({ profile, value, onChange, error }: { profile: CompanyProfile | null | undefined; value: string; onChange: (tin: string) => void; error?: string }) {
  const id = useId();
  const trn = trnOf(profile);
  if (trn) {
    return (
      <p className="pipeline-dialog__muted">
        TIN {tinOfTrn(trn)}: the first {TIN_LENGTH} digits of its TRN {trn}, recorded for its e-invoices.
      </p>
    );
  }
  return (
    <TextField
      id={id}
      field={einvoicingFields.tin}
      inputMode="numeric"
      value={value}
      onValueChange={onChange}
      hint={`${TIN_LENGTH} digits. No TRN to take it from: its e-invoices are addressed to this TIN (without one they fail rule ibr-080).`}
      error={tinProblem(value) ?? error}
    />
  );
}
