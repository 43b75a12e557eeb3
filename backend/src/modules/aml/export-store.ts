/**
 * A client's whole AML file for an inspection: one ZIP (archiver) with summary.pdf (pdfkit, as the
 * invoices' PDFs), file.json (parties and UBOs, every screening with its decisions, the risk assessment, EDD
 * evidence, the audit trail of the file) and every document (the registration's and the EDD evidence). The
 * goAML register's entries go in only for a compliance officer: nothing of them reaches anyone else. The
 * download is an audit event of its own.
 */
import type { Archiver } from 'archiver';
import { PARTY_ROLE_LABELS } from '../../../../common/aml.ts';
import { formatDubaiDateTime, formatDubaiDay } from '../../../../common/dubai-time.ts';
import type { Parties, Screening } from '../../../../common/contract/aml.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeAudit } from '../../lib/audit.ts';
import { evidenceOf } from './evidence-store.ts';
import { readParties } from './party-store.ts';
import { findAmlRegistration, type AmlRegistration } from './registration.ts';
import { readScreening } from './screening-store.ts';

/** archiver and pdfkit are loaded at the first export, not at start-up: together about 0.4 s of CPU every start. */
async function createArchive(format: 'zip', options: { zlib: { level: number } }): Promise<Archiver> {
  const archiverModule = await import('archiver');
  // The installed archiver (7) exports a function; its @types describe version 8's classes.
  return (((archiverModule as unknown as { default?: unknown }).default ?? archiverModule) as (format: 'zip', options?: { zlib?: { level: number } }) => Archiver)(format, options);
}

interface RegisterRow { id: number; type: string; opened_at: Date; deadline_on: string; filed_on: string | null; goaml_reference: string | null; description: string; notes: string }

/** The PDF is read by people in Dubai: instants and days as the console shows them (Asia/Dubai), never ISO. */
const when = (at: string | Date) => `${formatDubaiDateTime(new Date(at))} (Dubai)`;
const day = (date: string) => formatDubaiDay(date);
interface StoredDocument { id: number; file_name: string; content: Uint8Array }

async function summaryPdf(registration: AmlRegistration, parties: Parties, screening: Screening, evidence: number, register: RegisterRow[] | null): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `AML file: ${registration.legal_name}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const heading = (text: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor('#1b2a4a').text(text).font('Helvetica').fontSize(9).fillColor('#222222');
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#1b2a4a').text(`AML file: ${registration.legal_name}`);
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(`Registration ${registration.id}, exported ${when(new Date())}`);
  if (screening.frozen) doc.fillColor('#a4001d').text(`Frozen since ${when(screening.frozen.at)}: ${screening.frozen.reason}`);

  heading('Parties');
  for (const party of parties.parties) {
    const facts = [party.kind === 'company' ? 'Company' : 'Person', party.roles.map((role) => PARTY_ROLE_LABELS[role]).join(', '), party.share_percent === null ? null : `${party.share_percent} %`,
      party.date_of_birth && `born ${day(party.date_of_birth)}`, party.nationality && `nationality ${party.nationality}`, party.id_expires_on && `ID expires ${day(party.id_expires_on)} (${party.id_expiry})`, party.pep ? 'PEP' : null,
      party.withdrawn && `withdrawn ${when(party.withdrawn.at)}: ${party.withdrawn.reason}`].filter(Boolean);
    doc.text(`${party.name}${party.name_ar ? ` (${party.name_ar})` : ''}: ${facts.join('; ')}`);
  }
  heading('Ultimate beneficial owners');
  for (const ubo of parties.ubos) doc.text(`${ubo.name}: ${ubo.effective_percent} % (${ubo.basis.replaceAll('_', ' ')}) ${ubo.chains.join(' | ')}`);
  if (parties.ubos.length === 0) doc.text('None');

  heading('Screening');
  for (const subject of screening.subjects) {
    doc.font('Helvetica-Bold').text(`${subject.name}: ${subject.state.replaceAll('_', ' ')}${subject.screened_at ? `, screened ${when(subject.screened_at)}` : ''}`).font('Helvetica');
    for (const match of subject.matches) {
      doc.text(`  ${match.candidate.list.toUpperCase()} ${match.candidate.reference} '${match.candidate.matched_name}' score ${match.candidate.score}: ${match.state.replaceAll('_', ' ')}`);
      for (const step of match.history) doc.text(`    ${step.action.replaceAll('_', ' ')}${step.decision ? ` (${step.decision.replaceAll('_', ' ')})` : ''} by ${step.by?.display_name ?? step.by?.email ?? 'someone'} ${when(step.at)}: ${step.reason}`);
    }
  }
  heading('Risk assessment');
  const risk = screening.risk;
  if (risk) {
    doc.text(`${risk.level.toUpperCase()} (${risk.score} points), rated ${when(risk.rated_at)}${risk.rated_by ? ` by ${risk.rated_by.display_name ?? risk.rated_by.email}` : ''}; next review ${day(risk.next_review_on)}`);
    for (const factor of risk.factors) doc.text(`  ${factor.factor}: ${factor.points} (${factor.detail})`);
    if (risk.edd_required) doc.text(`Enhanced due diligence: ${evidence} evidence documents; ${risk.edd_approved_by ? `approved by ${risk.edd_approved_by.display_name ?? risk.edd_approved_by.email}${risk.edd_approved_at ? ` ${when(risk.edd_approved_at)}` : ''}` : 'not approved'}`);
  } else doc.text('Not rated');
  doc.text(screening.missing.length === 0 ? 'Nothing missing for the approval.' : `Missing: ${screening.missing.join('; ')}`);
  if (register) {
    heading('goAML register (compliance officers only)');
    for (const entry of register) doc.text(`${entry.type.toUpperCase()} opened ${when(entry.opened_at)}, deadline ${day(entry.deadline_on)}, ${entry.filed_on ? `filed ${day(entry.filed_on)} (${entry.goaml_reference ?? ''})` : 'not filed'}${entry.description ? `: ${entry.description}` : ''}${entry.notes ? `; notes: ${entry.notes}` : ''}`);
    if (register.length === 0) doc.text('No entries');
  }
  doc.end();
  return done;
}

async function zip(files: readonly { name: string; content: Buffer | Uint8Array | string }[]): Promise<Buffer> {
  const archive = await createArchive('zip', { zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    archive.on('end', () => resolve(Buffer.concat(chunks)));
    archive.on('error', reject);
  });
  for (const file of files) archive.append(typeof file.content === 'string' ? file.content : Buffer.from(file.content), { name: file.name });
  void archive.finalize();
  return done;
}

const safeName = (id: number, name: string) => `${id}-${name.replace(/[/\\]/g, '_')}`;

export async function exportAmlFile(db: Database, userId: number, caller: { id: number; compliance_officer: boolean }): Promise<{ file_name: string; content: Buffer }> {
  const registration = await findAmlRegistration(db, userId);
  const { parties, screening, evidence, register, documents, evidenceFiles, events } = await db.transaction(async (tx: Queryable) => ({
    parties: await readParties(tx, registration),
    screening: await readScreening(tx, registration),
    evidence: await evidenceOf(tx, registration.id),
    register: caller.compliance_officer
      ? await tx.query<RegisterRow>("SELECT id, type, opened_at, to_char(deadline_on, 'YYYY-MM-DD') AS deadline_on, to_char(filed_on, 'YYYY-MM-DD') AS filed_on, goaml_reference, description, notes FROM aml_register_entries WHERE registration_id = $1 ORDER BY id", [registration.id])
      : null,
    documents: await tx.query<StoredDocument>('SELECT id, file_name, content FROM registration_documents WHERE registration_id = $1 ORDER BY id', [registration.id]),
    evidenceFiles: await tx.query<StoredDocument>('SELECT id, file_name, content FROM aml_edd_documents WHERE registration_id = $1 ORDER BY id', [registration.id]),
    events: await tx.query(
      `SELECT id, entity, entity_id, kind, actor_id, data, before, after, created_at FROM audit_events
       WHERE entity IN ('aml_party', 'aml_match', 'aml_file') AND (data->>'registration_id')::integer = $1 AND kind NOT LIKE 'register_entry%' ORDER BY id`,
      [registration.id],
    ),
  }));
  const pdf = await summaryPdf(registration, parties, screening, evidence.length, register);
  const record = { registration: { id: registration.id, legal_name: registration.legal_name }, parties, screening, evidence, audit_events: events, ...(register ? { goaml_register: register } : {}) };
  const content = await zip([
    { name: 'summary.pdf', content: pdf },
    { name: 'file.json', content: JSON.stringify(record, null, 2) },
    ...documents.map((document) => ({ name: `documents/${safeName(document.id, document.file_name)}`, content: document.content })),
    ...evidenceFiles.map((document) => ({ name: `edd-evidence/${safeName(document.id, document.file_name)}`, content: document.content })),
  ]);
  await writeAudit(db, { entity: 'aml_file', entityId: registration.id, kind: 'file_exported', actorId: caller.id, data: { registration_id: registration.id, with_register: register !== null, bytes: content.length } });
  return { file_name: `aml-file-${registration.id}.zip`, content };
}
