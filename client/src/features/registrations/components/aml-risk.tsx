/** The AML risk rating: its summary with the factors behind the score, and the dialog that rates it. */
import { SelectControl } from '../../../components/select.tsx';
import { useId, useState } from 'react';
import { SECTORS, SECTOR_LABELS, SERVICES, SERVICE_LABELS, type Sector, type Service } from '../../../../../common/aml-risk.ts';
import type { Screening } from '../../../../../common/contract/aml.ts';
import { FormDialog } from '../../../components/dialog.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { formatDubaiDate } from '../../../lib/dates.ts';
import { aml, rateRisk } from '../aml-api.ts';
import { Table } from '../../../components/table.tsx';

const RISK_VARIANTS = { low: 'green', medium: 'amber', high: 'red' } as const;

export function RiskSummary({ screening }: { screening: Screening }) {
  const risk = screening.risk;
  if (!risk) return <p className="aml-empty">Not rated yet.</p>;
  return (
    <div>
      <p>
        <StatusChip variant={RISK_VARIANTS[risk.level]}>{risk.level === 'low' ? 'Low' : risk.level === 'medium' ? 'Medium' : 'High'} risk</StatusChip> score {risk.score}, next review{' '}
        {formatDubaiDate(risk.next_review_on)}
        {risk.edd_required && (risk.edd_approved_by ? ' · enhanced due diligence approved' : ' · enhanced due diligence required')}
      </p>
      <Table
        className="aml-table"
        columns={[
          { id: 'factor', header: 'Factor', cell: (factor) => factor.factor },
          { id: 'points', header: 'Points', cell: (factor) => factor.points },
          { id: 'why', header: 'Why', cell: (factor) => factor.detail },
        ]}
        rows={risk.factors}
        rowKey={(factor) => factor.factor}
      />
    </div>
  );
}

export function RiskDialog({ userId, screening, onClose }: { userId: number; screening: Screening; onClose: () => void }) {
  const [sector, setSector] = useState<Sector>(screening.risk?.sector ?? 'professional_services');
  const [services, setServices] = useState<Service[]>(screening.risk?.services ?? ['bookkeeping']);
  const [faceToFace, setFaceToFace] = useState(screening.risk?.face_to_face ?? true);
  const sectorId = useId();
  const action = useAction<void, Screening>({
    run: (_input, { headers }) => rateRisk(userId, { version: screening.version, sector, services, face_to_face: faceToFace }, headers),
    success: (answer) => `Risk rated ${answer.risk?.level ?? ''}`,
    endpoint: aml.rateRisk,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog title="Rate the risk" submitLabel="Rate" busy={action.busy} error={action.formError} onSubmit={() => void action.run()} onClose={onClose}>
      <div className="field">
        <label className="field__label" htmlFor={sectorId}>
          Sector
        </label>
        <SelectControl id={sectorId} className="field__input" value={sector} onChange={(value) => setSector(value as Sector)}>
          {SECTORS.map((value) => (
            <option key={value} value={value}>
              {SECTOR_LABELS[value]}
            </option>
          ))}
        </SelectControl>
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
