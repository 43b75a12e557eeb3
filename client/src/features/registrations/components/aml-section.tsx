/**
 * AML due diligence on the Due Diligence detail page: the parties (add, edit, remove) with the
 * ultimate beneficial owners, each party's screening with its candidates and the decide actions, the risk
 * rating with its factors, and the checklist 'Approve due diligence' waits on. Every write answers the
 * state as it left it; the page then reads the registration and its AML file again.
 */
import { useState } from 'react';
import { UBO_BASIS_LABELS } from '../../../../../common/aml.ts';
import { mayDecideAml } from '../../../../../common/aml-decisions.ts';
import type { Party } from '../../../../../common/contract/aml.ts';
import { Button } from '../../../components/button.tsx';
import './aml-section.css';
import { formatFull } from '../../../lib/dates.ts';
import { session } from '../../../state/session.ts';
import { useParties, useScreening } from '../aml-api.ts';
import { AmlFileDownload, EddPanel } from './aml-edd.tsx';
import { PartyDialog } from './aml-party-dialog.tsx';
import { ScreeningPanel } from './aml-screening.tsx';
import { PartiesTable, WithdrawDialog } from './aml-parties.tsx';
import { RiskDialog, RiskSummary } from './aml-risk.tsx';
import { AmlRetention } from './aml-retention.tsx';
import { personName } from '../../../lib/user-name.ts';

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
                  <strong>{party.name}</strong> · withdrawn by {personName(party.withdrawn?.by)}, <time dateTime={party.withdrawn?.at}>{formatFull(party.withdrawn?.at ?? '')}</time>: {party.withdrawn?.reason}
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
