/**
 * The party form of the AML section: a person's or company's details, with the rules of common/aml.ts
 * shown as they are typed (the Emirates ID's check digit, a future birth date, Latin letters, the shares of
 * each level against 100 %), country pickers, the name counted against its limit, and the unsaved draft
 * kept in sessionStorage so a reload does not lose it. The server applies the same rules on save.
 */
import { useEffect, useId, useState } from 'react';
import {
  ID_TYPES, ID_TYPE_LABELS, MAX_PARTY_NAME, PARTY_ROLES, PARTY_ROLE_LABELS, dateOfBirthProblem, emiratesIdProblem, latinNameProblem, percentToBp, shareTotalsOff, type IdType, type PartyKind, type PartyRole,
} from '../../../../../common/aml.ts';
import { dubaiDate } from '../../../../../common/calendar.ts';
import { COUNTRIES } from '../../../../../common/countries.ts';
import type { NewPartyBody, Party } from '../../../../../common/contract/aml.ts';
import { amlPartyFields } from '../../../../../common/contract/aml-fields.ts';
import { CountedTextField } from '../../../components/counted-field.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { SelectControl } from '../../../components/select.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { addParty, aml, updateParty } from '../aml-api.ts';

export type Draft = Omit<NewPartyBody, 'share_percent' | 'owner_party_id'> & { share: string; owner: string };

export function draftOf(party: Party | null): Draft {
  return {
    kind: party?.kind ?? 'person',
    name: party?.name ?? '',
    name_ar: party?.name_ar ?? '',
    date_of_birth: party?.date_of_birth ?? '',
    nationality: party?.nationality ?? '',
    residence: party?.residence ?? '',
    id_type: party?.id_type ?? null,
    id_number: party?.id_number ?? '',
    id_expires_on: party?.id_expires_on ?? '',
    roles: party?.roles ?? ['shareholder'],
    share: party?.share_percent === null || party?.share_percent === undefined ? '' : String(party.share_percent),
    owner: party?.owner_party_id ? String(party.owner_party_id) : '',
    pep: party?.pep ?? false,
    pep_details: party?.pep_details ?? '',
    source_of_funds: party?.source_of_funds ?? '',
    source_of_wealth: party?.source_of_wealth ?? '',
    jurisdiction: party?.jurisdiction ?? '',
    registration_number: party?.registration_number ?? '',
  };
}

const orNull = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());

export function bodyOf(draft: Draft): NewPartyBody {
  const person = draft.kind === 'person';
  return {
    kind: draft.kind,
    name: draft.name.trim(),
    name_ar: orNull(draft.name_ar),
    date_of_birth: person ? orNull(draft.date_of_birth) : null,
    nationality: person ? orNull(draft.nationality) : null,
    residence: person ? orNull(draft.residence) : null,
    id_type: person ? draft.id_type : null,
    id_number: person ? orNull(draft.id_number) : null,
    id_expires_on: person ? orNull(draft.id_expires_on) : null,
    roles: draft.roles,
    share_percent: draft.roles.includes('shareholder') && draft.share.trim() !== '' ? Number(draft.share) : null,
    owner_party_id: draft.owner === '' ? null : Number(draft.owner),
    pep: person && draft.pep,
    pep_details: person && draft.pep ? orNull(draft.pep_details) : null,
    source_of_funds: orNull(draft.source_of_funds),
    source_of_wealth: orNull(draft.source_of_wealth),
    jurisdiction: person ? null : orNull(draft.jurisdiction),
    registration_number: person ? null : orNull(draft.registration_number),
  };
}

/** Where a half-filled form waits across a reload: per registration and party ('new' for an added one). */
export const draftKey = (userId: number, partyId: number | null) => `aml-party-draft:${userId}:${partyId ?? 'new'}`;

export function readDraft(userId: number, party: Party | null): Draft | null {
  try {
    const stored = sessionStorage.getItem(draftKey(userId, party?.id ?? null));
    return stored ? { ...draftOf(party), ...(JSON.parse(stored) as Partial<Draft>) } : null;
  } catch {
    return null;
  }
}

/**
 * The form's own warnings, before the server is asked: each problem by field (the server's words), and the
 * levels of ownership whose shares, the draft's included, do not add up to 100 %.
 */
export function draftProblems(draft: Draft, party: Party | null, parties: readonly Party[], today: string): { fields: Partial<Record<string, string>>; shares: string[] } {
  const fields: Partial<Record<string, string>> = {};
  const person = draft.kind === 'person';
  if (draft.name.trim() !== '') {
    const problem = latinNameProblem(draft.name, draft.kind);
    if (problem) fields.name = `Name ${problem}.`;
  }
  if (person && draft.id_type === 'emirates_id' && (draft.id_number ?? '').trim() !== '') {
    const problem = emiratesIdProblem(draft.id_number ?? '');
    if (problem) fields.id_number = `ID number ${problem}.`;
  }
  if (person) {
    const problem = dateOfBirthProblem(orNull(draft.date_of_birth), today);
    if (problem) fields.date_of_birth = `Date of birth ${problem}.`;
  }
  const share = draft.roles.includes('shareholder') && draft.share.trim() !== '' ? Number(draft.share) : null;
  const own = { id: party?.id ?? 0, kind: draft.kind, name: draft.name.trim() || 'this party', owner_party_id: draft.owner === '' ? null : Number(draft.owner), share_bp: share === null || Number.isNaN(share) ? null : percentToBp(share), roles: draft.roles, date_of_birth: null, registration_number: null };
  const nodes = [...parties.filter((other) => other.withdrawn === null && other.id !== party?.id).map((other) => ({ ...own, id: other.id, kind: other.kind, name: other.name, owner_party_id: other.owner_party_id, share_bp: other.share_percent === null ? null : percentToBp(other.share_percent), roles: other.roles })), own];
  const shares = shareTotalsOff(nodes).map((level) => `Shares in ${level.where} add up to ${level.total_percent} %, ${level.total_percent > 100 ? 'above' : 'below'} 100 %.`);
  return { fields, shares };
}

function CountrySelect({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (value: string) => void; error: string | undefined }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <SelectControl id={id} className="field__input" value={value} onChange={(next) => onChange(next)} aria-invalid={error ? true : undefined}>
        <option value="">Not given</option>
        {Object.entries(COUNTRIES).map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectControl>
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

export function PartyDialog({ userId, party, parties, onClose }: { userId: number; party: Party | null; parties: readonly Party[]; onClose: () => void }) {
  const [restored] = useState(() => readDraft(userId, party));
  const [draft, setDraft] = useState<Draft>(() => restored ?? draftOf(party));
  const storageKey = draftKey(userId, party?.id ?? null);
  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(draft));
    } catch {
      // Storage refused (private mode, quota): the form still works, only a reload loses it.
    }
  }, [draft, storageKey]);
  const forget = () => {
    try {
      sessionStorage.removeItem(storageKey);
    } catch {
      // Nothing stored.
    }
  };
  const close = () => {
    forget();
    onClose();
  };
  const set = <K extends keyof Draft>(key: K) => (value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const ids = { kind: useId(), name: useId(), nameAr: useId(), dob: useId(), nationality: useId(), residence: useId(), idType: useId(), idNumber: useId(), idExpiry: useId(), share: useId(), owner: useId(), pepDetails: useId(), funds: useId(), wealth: useId(), jurisdiction: useId(), registration: useId() };
  const action = useAction<void, unknown>({
    run: (_input, { headers }) => (party ? updateParty(userId, party.id, { version: party.version, ...bodyOf(draft) }, headers) : addParty(userId, bodyOf(draft), headers)),
    success: party ? 'Party saved and screened' : 'Party added and screened',
    endpoint: party ? aml.updateParty : aml.addParty,
    onSuccess: close,
    onConflict: close,
  });
  const today = dubaiDate();
  const local = draftProblems(draft, party, parties, today);
  const errors = { ...local.fields, ...action.fieldErrors };
  const person = draft.kind === 'person';
  const owners = parties.filter((company) => company.kind === 'company' && company.withdrawn === null && company.id !== party?.id);
  return (
    <FormDialog
      title={party ? `Edit ${party.name}` : 'Add a party'}
      submitLabel={party ? 'Save' : 'Add'}
      busy={action.busy}
      error={action.formError}
      submitDisabled={draft.name.trim() === '' || draft.roles.length === 0 || Object.keys(local.fields).length > 0}
      disabledReason={draft.name.trim() === '' ? 'Enter the name.' : draft.roles.length === 0 ? 'Choose at least one role.' : 'Correct the fields marked above.'}
      onSubmit={() => void action.run()}
      onClose={close}
    >
      {restored && <p className="aml-muted">Your unsaved entries were kept.</p>}
      <div className="aml-form">
        <div className="field">
          <label className="field__label" htmlFor={ids.kind}>
            Kind
          </label>
          <SelectControl id={ids.kind} className="field__input" value={draft.kind} onChange={(next) => set('kind')(next as PartyKind)}>
            <option value="person">Person</option>
            <option value="company">Company</option>
          </SelectControl>
        </div>
        <CountedTextField id={ids.name} label={person ? 'Full name (Latin letters)' : 'Company name (Latin letters)'} value={draft.name} onValueChange={set('name')} limit={MAX_PARTY_NAME} error={errors.name} />
        <CountedTextField id={ids.nameAr} label="Name in Arabic (optional)" value={draft.name_ar ?? ''} onValueChange={set('name_ar')} limit={MAX_PARTY_NAME} near error={errors.name_ar} dir="rtl" lang="ar" />
        {person ? (
          <>
            <TextField id={ids.dob} field={amlPartyFields.dateOfBirth} type="date" max={today} value={draft.date_of_birth ?? ''} onValueChange={set('date_of_birth')} error={errors.date_of_birth} />
            <CountrySelect id={ids.nationality} label={amlPartyFields.nationality.label} value={draft.nationality ?? ''} onChange={set('nationality')} error={errors.nationality} />
            <CountrySelect id={ids.residence} label={amlPartyFields.residence.label} value={draft.residence ?? ''} onChange={set('residence')} error={errors.residence} />
            <div className="field">
              <label className="field__label" htmlFor={ids.idType}>
                ID type
              </label>
              <SelectControl id={ids.idType} className="field__input" value={draft.id_type ?? ''} onChange={(next) => set('id_type')(next === '' ? null : (next as IdType))}>
                <option value="">None given</option>
                {ID_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {ID_TYPE_LABELS[value]}
                  </option>
                ))}
              </SelectControl>
            </div>
            <TextField id={ids.idNumber} field={amlPartyFields.idNumber} value={draft.id_number ?? ''} onValueChange={set('id_number')} error={errors.id_number} hint={draft.id_type === 'emirates_id' ? '784-YYYY-NNNNNNN-N' : undefined} />
            <TextField id={ids.idExpiry} field={amlPartyFields.idExpiry} type="date" value={draft.id_expires_on ?? ''} onValueChange={set('id_expires_on')} error={errors.id_expires_on} />
          </>
        ) : (
          <>
            <CountrySelect id={ids.jurisdiction} label={amlPartyFields.jurisdiction.label} value={draft.jurisdiction ?? ''} onChange={set('jurisdiction')} error={errors.jurisdiction} />
            <TextField id={ids.registration} field={amlPartyFields.registrationNumber} value={draft.registration_number ?? ''} onValueChange={set('registration_number')} error={errors.registration_number} />
          </>
        )}
        <fieldset className="aml-checks">
          <legend>Roles</legend>
          {PARTY_ROLES.map((role) => (
            <label key={role}>
              <input type="checkbox" checked={draft.roles.includes(role)} onChange={(event) => set('roles')(event.target.checked ? [...draft.roles, role] : draft.roles.filter((value: PartyRole) => value !== role))} />{' '}
              {PARTY_ROLE_LABELS[role]}
            </label>
          ))}
        </fieldset>
        {draft.roles.includes('shareholder') && (
          <>
            <TextField id={ids.share} label="Share (%)" inputMode="decimal" value={draft.share} onValueChange={set('share')} error={errors.share_percent} />
            <div className="field">
              <label className="field__label" htmlFor={ids.owner}>
                Holds the share in
              </label>
              <SelectControl id={ids.owner} className="field__input" value={draft.owner} onChange={(next) => set('owner')(next)}>
                <option value="">The client itself</option>
                {owners.map((company) => (
                  <option key={company.id} value={company.id}>
                    {company.name}
                  </option>
                ))}
              </SelectControl>
              {errors.owner_party_id && <p className="field__error">{errors.owner_party_id}</p>}
            </div>
          </>
        )}
        {local.shares.length > 0 && (
          <ul className="aml-share-warnings" role="status" aria-label="Shares">
            {local.shares.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        )}
        {person && (
          <label className="aml-check">
            <input type="checkbox" checked={draft.pep} onChange={(event) => set('pep')(event.target.checked)} /> Politically exposed person
          </label>
        )}
        {person && draft.pep && <TextField id={ids.pepDetails} field={amlPartyFields.pepDetails} value={draft.pep_details ?? ''} onValueChange={set('pep_details')} error={errors.pep_details} />}
        <TextField id={ids.funds} label="Source of funds (enhanced due diligence)" value={draft.source_of_funds ?? ''} onValueChange={set('source_of_funds')} error={errors.source_of_funds} />
        <TextField id={ids.wealth} label="Source of wealth (enhanced due diligence)" value={draft.source_of_wealth ?? ''} onValueChange={set('source_of_wealth')} error={errors.source_of_wealth} />
      </div>
    </FormDialog>
  );
}
