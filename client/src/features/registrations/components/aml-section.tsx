/**
 * AML due diligence on the Due Diligence detail page (issue 31): the parties (add, edit, remove) with the
 * ultimate beneficial owners, each party's screening with its candidates and the decide actions, the risk
 * rating with its factors, and the checklist 'Approve due diligence' waits on. Every write answers the
 * state as it left it; the page then reads the registration and its AML file again.
 */
import { useId, useState } from 'react';
import { ID_TYPES, ID_TYPE_LABELS, PARTY_ROLES, PARTY_ROLE_LABELS, UBO_BASIS_LABELS, type IdType, type PartyKind, type PartyRole } from '../../../../../common/aml.ts';
import { SECTORS, SECTOR_LABELS, SERVICES, SERVICE_LABELS, type Sector, type Service } from '../../../../../common/aml-risk.ts';
import { countryLabel } from '../../../../../common/aml-countries.ts';
import type { NewPartyBody, Party, Screening, ScreeningMatch, ScreeningState } from '../../../../../common/contract/aml.ts';
import { SANCTIONS_LIST_LABELS } from '../../../../../common/contract/aml-paths.ts';
import { Button } from '../../../components/button.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { StatusChip, type ChipVariant } from '../../../components/status-chip.tsx';
import { formatDubaiDate } from '../../../lib/dates.ts';
import './aml-section.css';
import { TextField } from '../../../components/text-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { addParty, decideMatch, deleteParty, rateRisk, updateParty, useParties, useScreening } from '../aml-api.ts';
import { registrationKeys } from '../api.ts';
import { AmlFileDownload, EddPanel } from './aml-edd.tsx';

const written = [registrationKeys.all];

const STATE_CHIPS: Record<ScreeningState, { label: string; variant: ChipVariant }> = {
  not_screened: { label: 'Not screened', variant: 'neutral' },
  clear: { label: 'Clear', variant: 'green' },
  potential_match: { label: 'Potential match', variant: 'amber' },
  confirmed_match: { label: 'Confirmed match', variant: 'red' },
  false_positive: { label: 'False positive', variant: 'blue' },
};

export function ScreeningChip({ state }: { state: ScreeningState }) {
  const chip = STATE_CHIPS[state];
  return <StatusChip variant={chip.variant}>{chip.label}</StatusChip>;
}

const RISK_VARIANTS = { low: 'green', medium: 'amber', high: 'red' } as const;

export function AmlSection({ userId }: { userId: number }) {
  const parties = useParties(userId);
  const screening = useScreening(userId);
  const [editing, setEditing] = useState<Party | 'new' | null>(null);
  const [rating, setRating] = useState(false);
  const data = parties.data;
  const frozen = screening.data?.frozen ?? null;
  return (
    <>
      {frozen && (
        <div className="panel aml-frozen" role="status">
          <strong>Client frozen.</strong> {frozen.reason}. Pipeline actions, billing and invoice sync are refused.
        </div>
      )}
      <section className="panel review-section" aria-labelledby="aml-parties">
        <div className="review-section__head">
          <h2 id="aml-parties" className="review-section__title">
            Parties
          </h2>
          <div className="review-actions__row">
            {screening.data && <AmlFileDownload userId={userId} legalName={screening.data.legal_name} />}
            <Button variant="outlined" disabled={!data || Boolean(frozen)} onClick={() => setEditing('new')}>
              Add party
            </Button>
          </div>
        </div>
        {data && data.parties.length === 0 && <p className="aml-empty">No owners, directors or signatories yet.</p>}
        {data && data.parties.length > 0 && <PartiesTable userId={userId} parties={data.parties} frozen={Boolean(frozen)} onEdit={setEditing} />}
        {data && data.ubos.length > 0 && (
          <div className="aml-ubos">
            <h3 className="aml-subtitle">Ultimate beneficial owners{data.layers > 1 ? ` (${data.layers} layers of ownership)` : ''}</h3>
            <ul>
              {data.ubos.map((ubo) => (
                <li key={ubo.party_ids.join()}>
                  <strong>{ubo.name}</strong> · {ubo.basis === 'ownership' ? `${ubo.effective_percent} %` : UBO_BASIS_LABELS[ubo.basis]}
                  {ubo.chains.length > 1 || (ubo.chains[0] ?? '').includes('›') ? <span className="aml-chain"> ({ubo.chains.join('; ')})</span> : null}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
      {screening.data && <ScreeningPanel userId={userId} screening={screening.data} />}
      {screening.data && (
        <section className="panel review-section" aria-labelledby="aml-risk">
          <div className="review-section__head">
            <h2 id="aml-risk" className="review-section__title">
              Risk rating
            </h2>
            <Button variant="outlined" disabled={Boolean(frozen) || (data?.parties.length ?? 0) === 0} onClick={() => setRating(true)}>
              {screening.data.risk ? 'Rate again' : 'Rate risk'}
            </Button>
          </div>
          <RiskSummary screening={screening.data} />
        </section>
      )}
      {screening.data && data && <EddPanel userId={userId} screening={screening.data} parties={data.parties} ubos={data.ubos} frozen={Boolean(frozen)} />}
      {editing && data && <PartyDialog userId={userId} party={editing === 'new' ? null : editing} companies={data.parties.filter((party) => party.kind === 'company')} onClose={() => setEditing(null)} />}
      {rating && screening.data && <RiskDialog userId={userId} screening={screening.data} onClose={() => setRating(false)} />}
    </>
  );
}

/** The checklist beside the actions: what 'Approve due diligence' still waits on, read live with the page. */
export function AmlChecklist({ userId }: { userId: number }) {
  const screening = useScreening(userId);
  if (!screening.data) return null;
  const { missing } = screening.data;
  return (
    <section className="panel review-section aml-checklist" aria-labelledby="aml-checklist">
      <h2 id="aml-checklist" className="review-section__title">
        Due diligence checklist
      </h2>
      {missing.length === 0 ? (
        <p className="aml-ready">Ready to approve: every party screened and decided, risk rated.</p>
      ) : (
        <ul className="aml-missing">
          {missing.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PartiesTable({ userId, parties, frozen, onEdit }: { userId: number; parties: Party[]; frozen: boolean; onEdit: (party: Party) => void }) {
  const names = new Map(parties.map((party) => [party.id, party.name]));
  const removal = useAction<Party, unknown>({
    run: (party, { headers }) => deleteParty(userId, party.id, party.version, headers),
    success: (_answer, party) => `${party.name} removed`,
    invalidates: written,
  });
  return (
    <div className="aml-table-wrap">
      <table className="aml-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Roles</th>
            <th scope="col">Share</th>
            <th scope="col">Nationality</th>
            <th scope="col">ID</th>
            <th scope="col">Screening</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {parties.map((party) => (
            <tr key={party.id}>
              <td>
                <span className="aml-name">{party.name}</span>
                {party.name_ar && (
                  <span className="aml-name-ar" lang="ar" dir="rtl">
                    {' '}
                    {party.name_ar}
                  </span>
                )}
                {party.kind === 'company' && <span className="aml-muted"> · Company{party.registration_number ? ` ${party.registration_number}` : ''}</span>}
                {party.pep && (
                  <>
                    {' '}
                    <StatusChip variant="purple">PEP</StatusChip>
                  </>
                )}
              </td>
              <td>{party.roles.map((role) => PARTY_ROLE_LABELS[role]).join(', ')}</td>
              <td>
                {party.share_percent === null ? '–' : `${party.share_percent} %`}
                {party.owner_party_id !== null && <span className="aml-muted"> of {names.get(party.owner_party_id)}</span>}
              </td>
              <td>{party.nationality ? countryLabel(party.nationality) : party.jurisdiction ? countryLabel(party.jurisdiction) : '–'}</td>
              <td>
                {party.id_type ? `${ID_TYPE_LABELS[party.id_type]} ${party.id_number ?? ''}` : '–'}
                {party.id_expiry !== 'valid' && (
                  <>
                    {' '}
                    <StatusChip variant={party.id_expiry === 'expired' ? 'red' : 'amber'}>{party.id_expiry === 'expired' ? 'Expired' : 'Expiring'}</StatusChip>
                  </>
                )}
              </td>
              <td>
                <ScreeningChip state={party.screening} />
              </td>
              <td className="aml-row-actions">
                <Button variant="ghost" disabled={frozen} onClick={() => onEdit(party)} aria-label={`Edit ${party.name}`}>
                  Edit
                </Button>
                <Button variant="ghost" disabled={frozen || removal.busy} onClick={() => void removal.run(party)} aria-label={`Remove ${party.name}`}>
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ScreeningPanel({ userId, screening }: { userId: number; screening: Screening }) {
  const [deciding, setDeciding] = useState<{ match: ScreeningMatch; name: string; decision: 'false_positive' | 'confirmed' } | null>(null);
  const subjects = screening.subjects.filter((subject) => subject.party_id !== null || subject.state !== 'not_screened');
  return (
    <section className="panel review-section" aria-labelledby="aml-screening">
      <h2 id="aml-screening" className="review-section__title">
        Sanctions screening
      </h2>
      <ul className="aml-subjects">
        {subjects.map((subject) => (
          <li key={subject.party_id ?? 'company'} className="aml-subject">
            <div className="aml-subject__head">
              <span className="aml-name">{subject.party_id === null ? `${subject.name} (the company)` : subject.name}</span> <ScreeningChip state={subject.state} />
            </div>
            {subject.matches.map((match) => (
              <div key={match.id} className="aml-match">
                <p>
                  <strong>
                    {SANCTIONS_LIST_LABELS[match.candidate.list]} {match.candidate.reference}
                  </strong>
                  : {match.candidate.listed_name} · score {match.candidate.score}
                </p>
                <ul className="aml-reasons">
                  {match.candidate.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
                {match.state === 'potential' ? (
                  <div className="review-actions__row">
                    <Button variant="outlined" onClick={() => setDeciding({ match, name: subject.name, decision: 'false_positive' })}>
                      False positive
                    </Button>
                    <Button variant="danger" onClick={() => setDeciding({ match, name: subject.name, decision: 'confirmed' })}>
                      Confirm match
                    </Button>
                  </div>
                ) : (
                  <p className="aml-muted">
                    {match.state === 'confirmed' ? 'Confirmed' : 'False positive'} by {match.decided_by?.display_name ?? match.decided_by?.email ?? 'someone'}: {match.reason}
                  </p>
                )}
              </div>
            ))}
          </li>
        ))}
      </ul>
      {deciding && <DecideDialog userId={userId} {...deciding} onClose={() => setDeciding(null)} />}
    </section>
  );
}

function DecideDialog({ userId, match, name, decision, onClose }: { userId: number; match: ScreeningMatch; name: string; decision: 'false_positive' | 'confirmed'; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const action = useAction<void, Screening>({
    run: (_input, { headers }) => decideMatch(userId, match.id, { version: match.version, decision, reason }, headers),
    success: decision === 'confirmed' ? 'Match confirmed: the client is frozen' : 'Marked as a false positive',
    invalidates: written,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog
      title={decision === 'confirmed' ? 'Confirm the match?' : 'Mark as a false positive?'}
      submitLabel={decision === 'confirmed' ? 'Confirm match' : 'False positive'}
      submitVariant={decision === 'confirmed' ? 'danger' : 'primary'}
      busy={action.busy}
      submitDisabled={reason.trim() === ''}
      error={action.formError}
      onSubmit={() => void action.run()}
      onClose={onClose}
    >
      <p>
        {name} against {match.candidate.reference} ({match.candidate.listed_name}).
        {decision === 'confirmed' ? ' The client is frozen at once and a fund freeze report is due within five business days.' : ''}
      </p>
      <TextField id={reasonId} label="Reason (required)" value={reason} onValueChange={setReason} error={action.fieldErrors.reason} />
    </FormDialog>
  );
}

function RiskSummary({ screening }: { screening: Screening }) {
  const risk = screening.risk;
  if (!risk) return <p className="aml-empty">Not rated yet.</p>;
  return (
    <div>
      <p>
        <StatusChip variant={RISK_VARIANTS[risk.level]}>{risk.level === 'low' ? 'Low' : risk.level === 'medium' ? 'Medium' : 'High'} risk</StatusChip> score {risk.score}, next review{' '}
        {formatDubaiDate(risk.next_review_on)}
        {risk.edd_required && (risk.edd_approved_by ? ' · enhanced due diligence approved' : ' · enhanced due diligence required')}
      </p>
      <table className="aml-table">
        <thead>
          <tr>
            <th scope="col">Factor</th>
            <th scope="col">Points</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {risk.factors.map((factor) => (
            <tr key={factor.factor}>
              <td>{factor.factor}</td>
              <td>{factor.points}</td>
              <td>{factor.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RiskDialog({ userId, screening, onClose }: { userId: number; screening: Screening; onClose: () => void }) {
  const [sector, setSector] = useState<Sector>(screening.risk?.sector ?? 'professional_services');
  const [services, setServices] = useState<Service[]>(screening.risk?.services ?? ['bookkeeping']);
  const [faceToFace, setFaceToFace] = useState(screening.risk?.face_to_face ?? true);
  const sectorId = useId();
  const action = useAction<void, Screening>({
    run: (_input, { headers }) => rateRisk(userId, { version: screening.version, sector, services, face_to_face: faceToFace }, headers),
    success: (answer) => `Risk rated ${answer.risk?.level ?? ''}`,
    invalidates: written,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog title="Rate the risk" submitLabel="Rate" busy={action.busy} error={action.formError} onSubmit={() => void action.run()} onClose={onClose}>
      <div className="field">
        <label className="field__label" htmlFor={sectorId}>
          Sector
        </label>
        <select id={sectorId} className="field__input" value={sector} onChange={(event) => setSector(event.target.value as Sector)}>
          {SECTORS.map((value) => (
            <option key={value} value={value}>
              {SECTOR_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="aml-checks">
        <legend>Services taken</legend>
        {SERVICES.map((value) => (
          <label key={value}>
            <input
              type="checkbox"
              checked={services.includes(value)}
              onChange={(event) => setServices(event.target.checked ? [...services, value] : services.filter((service) => service !== value))}
            />{' '}
            {SERVICE_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <label className="aml-check">
        <input type="checkbox" checked={faceToFace} onChange={(event) => setFaceToFace(event.target.checked)} /> Met face to face
      </label>
      <p className="aml-muted">The parties' nationality and residence, PEP answers and layers of ownership are read from the parties.</p>
    </FormDialog>
  );
}

type Draft = Omit<NewPartyBody, 'share_percent' | 'owner_party_id'> & { share: string; owner: string };

function draftOf(party: Party | null): Draft {
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

function bodyOf(draft: Draft): NewPartyBody {
  const person = draft.kind === 'person';
  return {
    kind: draft.kind,
    name: draft.name.trim(),
    name_ar: orNull(draft.name_ar),
    date_of_birth: person ? orNull(draft.date_of_birth) : null,
    nationality: person ? orNull(draft.nationality)?.toUpperCase() ?? null : null,
    residence: person ? orNull(draft.residence)?.toUpperCase() ?? null : null,
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
    jurisdiction: person ? null : orNull(draft.jurisdiction)?.toUpperCase() ?? null,
    registration_number: person ? null : orNull(draft.registration_number),
  };
}

function PartyDialog({ userId, party, companies, onClose }: { userId: number; party: Party | null; companies: Party[]; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(party));
  const set = <K extends keyof Draft>(key: K) => (value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const ids = { kind: useId(), name: useId(), nameAr: useId(), dob: useId(), nationality: useId(), residence: useId(), idType: useId(), idNumber: useId(), idExpiry: useId(), share: useId(), owner: useId(), pepDetails: useId(), funds: useId(), wealth: useId(), jurisdiction: useId(), registration: useId() };
  const action = useAction<void, unknown>({
    run: (_input, { headers }) => (party ? updateParty(userId, party.id, { version: party.version, ...bodyOf(draft) }, headers) : addParty(userId, bodyOf(draft), headers)),
    success: party ? 'Party saved and screened' : 'Party added and screened',
    invalidates: written,
    onSuccess: onClose,
    onConflict: onClose,
  });
  const errors = action.fieldErrors;
  const person = draft.kind === 'person';
  const owners = companies.filter((company) => company.id !== party?.id);
  return (
    <FormDialog title={party ? `Edit ${party.name}` : 'Add a party'} submitLabel={party ? 'Save' : 'Add'} busy={action.busy} error={action.formError} submitDisabled={draft.name.trim() === '' || draft.roles.length === 0} onSubmit={() => void action.run()} onClose={onClose}>
      <div className="aml-form">
        <div className="field">
          <label className="field__label" htmlFor={ids.kind}>
            Kind
          </label>
          <select id={ids.kind} className="field__input" value={draft.kind} onChange={(event) => set('kind')(event.target.value as PartyKind)}>
            <option value="person">Person</option>
            <option value="company">Company</option>
          </select>
        </div>
        <TextField id={ids.name} label={person ? 'Full name (Latin letters)' : 'Company name'} value={draft.name} onValueChange={set('name')} error={errors.name} />
        <TextField id={ids.nameAr} label="Name in Arabic (optional)" value={draft.name_ar ?? ''} onValueChange={set('name_ar')} error={errors.name_ar} dir="rtl" lang="ar" />
        {person ? (
          <>
            <TextField id={ids.dob} label="Date of birth" type="date" value={draft.date_of_birth ?? ''} onValueChange={set('date_of_birth')} error={errors.date_of_birth} />
            <TextField id={ids.nationality} label="Nationality (country code, e.g. AE)" value={draft.nationality ?? ''} onValueChange={set('nationality')} error={errors.nationality} />
            <TextField id={ids.residence} label="Residence (country code)" value={draft.residence ?? ''} onValueChange={set('residence')} error={errors.residence} />
            <div className="field">
              <label className="field__label" htmlFor={ids.idType}>
                ID type
              </label>
              <select id={ids.idType} className="field__input" value={draft.id_type ?? ''} onChange={(event) => set('id_type')(event.target.value === '' ? null : (event.target.value as IdType))}>
                <option value="">None given</option>
                {ID_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {ID_TYPE_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
            <TextField id={ids.idNumber} label="ID number" value={draft.id_number ?? ''} onValueChange={set('id_number')} error={errors.id_number} />
            <TextField id={ids.idExpiry} label="ID expiry" type="date" value={draft.id_expires_on ?? ''} onValueChange={set('id_expires_on')} error={errors.id_expires_on} />
          </>
        ) : (
          <>
            <TextField id={ids.jurisdiction} label="Jurisdiction (country code)" value={draft.jurisdiction ?? ''} onValueChange={set('jurisdiction')} error={errors.jurisdiction} />
            <TextField id={ids.registration} label="Registration number" value={draft.registration_number ?? ''} onValueChange={set('registration_number')} error={errors.registration_number} />
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
              <select id={ids.owner} className="field__input" value={draft.owner} onChange={(event) => set('owner')(event.target.value)}>
                <option value="">The client itself</option>
                {owners.map((company) => (
                  <option key={company.id} value={company.id}>
                    {company.name}
                  </option>
                ))}
              </select>
              {errors.owner_party_id && <p className="field__error">{errors.owner_party_id}</p>}
            </div>
          </>
        )}
        {person && (
          <label className="aml-check">
            <input type="checkbox" checked={draft.pep} onChange={(event) => set('pep')(event.target.checked)} /> Politically exposed person
          </label>
        )}
        {person && draft.pep && <TextField id={ids.pepDetails} label="PEP details" value={draft.pep_details ?? ''} onValueChange={set('pep_details')} error={errors.pep_details} />}
        <TextField id={ids.funds} label="Source of funds (enhanced due diligence)" value={draft.source_of_funds ?? ''} onValueChange={set('source_of_funds')} error={errors.source_of_funds} />
        <TextField id={ids.wealth} label="Source of wealth (enhanced due diligence)" value={draft.source_of_wealth ?? ''} onValueChange={set('source_of_wealth')} error={errors.source_of_wealth} />
      </div>
    </FormDialog>
  );
}
