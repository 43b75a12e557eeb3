/**
 * Enhanced due diligence of a high-risk registration: per beneficial owner and PEP the evidence
 * of the source of funds and of wealth (uploaded with the documents' rules, each downloadable), and the
 * second approval by an ADMIN other than the one who rated the risk. Part of the AML section's lazy chunk.
 */
import { useState } from 'react';
import { needsEddEvidence } from '../../../../../common/aml.ts';
import { EDD_EVIDENCE_TOPICS, type EddEvidenceTopic } from '../../../../../common/aml-risk.ts';
import type { EddEvidence, EddEvidenceList, Party, Screening } from '../../../../../common/contract/aml.ts';
import { DOCUMENT_CONTENT_TYPES, type DocumentContentType } from '../../../../../common/review.ts';
import { Button } from '../../../components/button.tsx';
import { Table } from '../../../components/table.tsx';
import { formatFull } from '../../../lib/dates.ts';
import { documentFileProblem } from '../../../lib/document-file.ts';
import { readBase64 } from '../../../lib/read-base64.ts';
import { notifyError } from '../../../lib/toast.ts';
import { useAction } from '../../../lib/use-action.ts';
import { session } from '../../../state/session.ts';
import { addEvidence, aml, approveEdd, downloadAmlFile, downloadEvidence, useEvidence } from '../aml-api.ts';
import { formatBytes } from '../model.ts';
import { personName } from '../../../lib/user-name.ts';

const TOPIC_TITLES: Record<EddEvidenceTopic, string> = { source_of_funds: 'Source of funds', source_of_wealth: 'Source of wealth' };

export function EddPanel({ userId, screening, parties, ubos, frozen }: { userId: number; screening: Screening; parties: Party[]; ubos: readonly { party_ids: number[] }[]; frozen: boolean }) {
  const evidence = useEvidence(userId);
  const risk = screening.risk;
  if (!risk?.edd_required) return null;
  const uboIds = new Set(ubos.flatMap((ubo) => ubo.party_ids));
  const needing = parties.filter((party) => needsEddEvidence(party, uboIds));
  const raterName = personName(risk.rated_by, 'the rater');
  // The server refuses the rater and anyone but an ADMIN; the button is offered only where it may succeed.
  const mayApprove = session.value.role === 'ADMIN' && risk.rated_by?.email !== session.value.email;
  return (
    <section className="panel review-section" aria-labelledby="aml-edd">
      <div className="review-section__head">
        <h2 id="aml-edd" className="review-section__title">
          Enhanced due diligence
        </h2>
        {!risk.edd_approved_by && mayApprove && <ApproveEdd userId={userId} version={screening.version} frozen={frozen} />}
      </div>
      {needing.length === 0 ? (
        <p className="aml-empty">No beneficial owner or PEP needs evidence.</p>
      ) : (
        <div className="aml-table-wrap">
          <Table
            className="aml-table"
            rows={needing}
            rowKey={(party) => party.id}
            columns={[
              {
                id: 'party',
                header: 'Party',
                cell: (party) => (
                  <>
                    <span className="aml-name">{party.name}</span>
                    <span className="aml-muted"> · {party.pep ? 'PEP' : 'Beneficial owner'}</span>
                  </>
                ),
              },
              ...EDD_EVIDENCE_TOPICS.map((topic) => ({
                id: topic,
                header: TOPIC_TITLES[topic],
                cell: (party: (typeof needing)[number]) => (
                  <EvidenceCell userId={userId} party={party} topic={topic} files={(evidence.data?.results ?? []).filter((item) => item.party_id === party.id && item.topic === topic)} frozen={frozen} />
                ),
              })),
            ]}
          />
        </div>
      )}
      <p className="aml-muted">
        {risk.edd_approved_by
          ? `Approved by ${personName(risk.edd_approved_by)}${risk.edd_approved_at ? ` on ${formatFull(risk.edd_approved_at)}` : ''}.`
          : mayApprove
            ? `Rated by ${raterName}; you give the second approval once the evidence is on file.`
            : `Waits for a second administrator to approve it: ${raterName} rated the risk, so cannot approve it too.`}
      </p>
    </section>
  );
}

function EvidenceCell({ userId, party, topic, files, frozen }: { userId: number; party: Party; topic: EddEvidenceTopic; files: EddEvidence[]; frozen: boolean }) {
  const [downloading, setDownloading] = useState<number | null>(null);
  const upload = useAction<File, EddEvidenceList>({
    run: async (file, { headers }) => addEvidence(userId, party.id, { topic, file_name: file.name, content_type: file.type as DocumentContentType, content_base64: await readBase64(file) }, headers),
    success: `${TOPIC_TITLES[topic]} evidence of ${party.name} uploaded`,
    endpoint: aml.addEvidence,
  });
  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = documentFileProblem(file, 'Choose');
    if (problem) notifyError(new Error(problem));
    else void upload.run(file);
  };
  const download = async (file: EddEvidence) => {
    setDownloading(file.id);
    try {
      await downloadEvidence(userId, file);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(null);
    }
  };
  const text = topic === 'source_of_funds' ? party.source_of_funds : party.source_of_wealth;
  return (
    <div className="aml-evidence">
      <span className={text ? undefined : 'aml-muted'}>{text ?? 'Not stated (edit the party)'}</span>
      {files.map((file) => (
        <Button key={file.id} variant="ghost" className="aml-evidence__file" loading={downloading === file.id} onClick={() => void download(file)} aria-label={`Download ${file.file_name} (${TOPIC_TITLES[topic].toLowerCase()} of ${party.name})`}>
          {file.file_name} ({formatBytes(file.size_bytes)})
        </Button>
      ))}
      {!frozen && (
        <label className={upload.busy ? 'button button--outlined aml-evidence__upload is-busy' : 'button button--outlined aml-evidence__upload'}>
          {upload.busy ? 'Please Wait' : files.length > 0 ? 'Upload another' : 'Upload evidence'}
          <input
            type="file"
            accept={DOCUMENT_CONTENT_TYPES.join(',')}
            className="visually-hidden"
            disabled={upload.busy}
            aria-label={`Upload evidence of the ${TOPIC_TITLES[topic].toLowerCase()} of ${party.name}`}
            onChange={(event) => {
              pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
      )}
    </div>
  );
}

function ApproveEdd({ userId, version, frozen }: { userId: number; version: number; frozen: boolean }) {
  const action = useAction<void, Screening>({
    run: (_input, { headers }) => approveEdd(userId, version, headers),
    success: 'Enhanced due diligence approved',
    endpoint: aml.approveEdd,
  });
  return (
    <Button disabled={frozen} loading={action.busy} onClick={() => void action.run()}>
      Approve EDD
    </Button>
  );
}

/** The whole AML file as one ZIP (ADMIN only, as the server checks); the download is audited there. */
export function AmlFileDownload({ userId, legalName }: { userId: number; legalName: string }) {
  const [busy, setBusy] = useState(false);
  if (session.value.role !== 'ADMIN') return null;
  const download = async () => {
    setBusy(true);
    try {
      await downloadAmlFile(userId, legalName);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" loading={busy} onClick={() => void download()}>
      Download AML file (ZIP)
    </Button>
  );
}
