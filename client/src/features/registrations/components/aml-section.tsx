/**
 * AML due diligence on the Due Diligence detail page (issue 31): the parties (add, edit, remove) with the
 * ultimate beneficial owners, each party's screening with its candidates and the decide actions, the risk
 * rating with its factors, and the checklist 'Approve due diligence' waits on. Every write answers the
 * state as it left it; the page then reads the registration and its AML file again.
 */
import { useId, useState } from 'react';
import { ID_TYPE_LABELS, PARTY_ROLE_LABELS, UBO_BASIS_LABELS } from '../../../../../common/aml.ts';
import { MIN_DECISION_REASON, mayDecideAml } from '../../../../../common/aml-decisions.ts';
import { SECTORS, SECTOR_LABELS, SERVICES, SERVICE_LABELS, type Sector, type Service } from '../../../../../common/aml-risk.ts';
import { countryLabel } from '../../../../../common/aml-countries.ts';
import type { Party, Screening } from '../../../../../common/contract/aml.ts';
import { Button } from '../../../components/button.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import './aml-section.css';
import { TextField } from '../../../components/text-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { formatDubaiDate, formatFull } from '../../../lib/dates.ts';
import { session } from '../../../state/session.ts';
import { deleteParty, rateRisk, useParties, useScreening, withdrawParty } from '../aml-api.ts';
import { registrationKeys } from '../api.ts';
import { AmlFileDownload, EddPanel } from './aml-edd.tsx';
import { PartyDialog } from './aml-party-dialog.tsx';
import { ScreeningChip, ScreeningPanel } from './aml-screening.tsx';
import { AmlRetention } from './aml-retention.tsx';

const written = [registrationKeys.all];

const RISK_VARIANTS = { low: 'green', medium: 'amber', high: 'red' } as const;

export function AmlSection({ userId }: { userId: number }) {
  const parties = useParties(userId);
  const screening = useScreening(userId);
  const [editing, setEditing] = useState<Party | 'new' | null>(null);
  const [rating, setRating] = useState(false);
  const [withdrawing, setWithdrawing] = useState<Party | null>(null);
  const data = parties.data;
  const current = data?.parties.filter((party) => party.withdrawn === null) ?? [];
  const withdrawn = data?.parties.filter((party) => party.withdrawn !== null) ?? [];
  const decider = mayDecideAml(session.value.role);
  const frozen = screening.data?.frozen ?? null;
  return (
    <>
      {frozen && (
        <div className="panel aml-frozen" role="status">
          <strong>Frozen by:</strong> {frozen.reason}.
        </div>
      )}
      <section className="panel review-section" aria-labelledby="aml-parties">
        <div className="review-section__head">
          <h2 id="aml-parties" className="review-section__title">
            Parties
          </h2>
          <div className="review-actions__row">
            {screening.data && <AmlFileDownload userId={userId} legalName={screening.data.legal_name} />}
            {frozen && (
              <span id={`aml-add-party-reason-${userId}`} className="aml-reason">
                Frozen: parties cannot change
              </span>
            )}
            <Button variant="outlined" disabled={!data || Boolean(frozen)} onClick={() => setEditing('new')} aria-describedby={frozen ? `aml-add-party-reason-${userId}` : undefined}>
              Add party
            </Button>
          </div>
        </div>
        {data && current.length === 0 && <p className="aml-empty">No owners, directors or signatories yet.</p>}
        {data && current.length > 0 && <PartiesTable userId={userId} parties={current} frozen={Boolean(frozen)} onEdit={setEditing} onWithdraw={setWithdrawing} />}
        {withdrawn.length > 0 && (
          <div className="aml-withdrawn">
            <h3 className="aml-subtitle">Withdrawn (kept in the file)</h3>
            <ul>
              {withdrawn.map((party) => (
                <li key={party.id}>
                  <strong>{party.name}</strong> · withdrawn by {party.withdrawn?.by?.display_name ?? party.withdrawn?.by?.email ?? 'someone'}, <time dateTime={party.withdrawn?.at}>{formatFull(party.withdrawn?.at ?? '')}</time>: {party.withdrawn?.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
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
            {decider && (
              <Button variant="outlined" disabled={Boolean(frozen) || current.length === 0} onClick={() => setRating(true)}>
                {screening.data.risk ? 'Rate again' : 'Rate risk'}
              </Button>
            )}
          </div>
          <RiskSummary screening={screening.data} />
        </section>
      )}
      {screening.data && data && <EddPanel userId={userId} screening={screening.data} parties={data.parties} ubos={data.ubos} frozen={Boolean(frozen)} />}
      <AmlRetention userId={userId} />
      {editing && data && <PartyDialog userId={userId} party={editing === 'new' ? null : editing} parties={data.parties} onClose={() => setEditing(null)} />}
      {withdrawing && <WithdrawDialog userId={userId} party={withdrawing} onClose={() => setWithdrawing(null)} />}
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

function PartiesTable({ userId, parties, frozen, onEdit, onWithdraw }: { userId: number; parties: Party[]; frozen: boolean; onEdit: (party: Party) => void; onWithdraw: (party: Party) => void }) {
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
              <td>
                <div className="aml-row-actions">
                  <Button variant="ghost" disabled={frozen} onClick={() => onEdit(party)} aria-label={`Edit ${party.name}`}>
                    Edit
                  </Button>
                  <Button variant="ghost" disabled={frozen || removal.busy} onClick={() => void removal.run(party)} aria-label={`Remove ${party.name}`}>
                    Remove
                  </Button>
                  <Button variant="ghost" disabled={frozen} onClick={() => onWithdraw(party)} aria-label={`Withdraw ${party.name}`}>
                    Withdraw
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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

/** A party added by mistake leaves the file's rules but stays in its history, with who withdrew it and why. */
function WithdrawDialog({ userId, party, onClose }: { userId: number; party: Party; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const action = useAction<void, unknown>({
    run: (_input, { headers }) => withdrawParty(userId, party.id, { version: party.version, reason }, headers),
    success: `${party.name} withdrawn`,
    invalidates: written,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog title={`Withdraw ${party.name}?`} submitLabel="Withdraw" busy={action.busy} submitDisabled={reason.trim().length < MIN_DECISION_REASON} error={action.formError} onSubmit={() => void action.run()} onClose={onClose}>
      <p>The party leaves the owners, the screening and the checklist, and stays in the file's history with your reason.</p>
      <TextField id={reasonId} label="Reason (required)" hint={`At least ${MIN_DECISION_REASON} characters, e.g. 'Added to the wrong company by mistake.'`} value={reason} onValueChange={setReason} error={action.fieldErrors.reason} />
    </FormDialog>
  );
}
