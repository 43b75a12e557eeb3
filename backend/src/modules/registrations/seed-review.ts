/**
 * The review side of the demo data, over whatever registrations the main seed made: company profiles,
 * real small PDF and PNG documents, stage_reached timeline events for the seeded history, a few
 * assignments and comments, and a demo client account (client@example.com) whose registration waits on
 * due diligence, so the return / resubmit loop can be shown with `npm run demo:resubmit`.
 */
import { onboardingPageOf, type ReviewState } from '../../../../common/onboarding.ts';
import { PIPELINE_ACTIONS, STAGE_STATUS_LINES } from '../../../../common/pipeline.ts';
import { STAGES, type Stage } from '../../../../common/stages.ts';
import type { DocumentKind } from '../../../../common/review.ts';
import type { Queryable } from '../../db/database.ts';
import { makeCardPng, makePdf } from '../../demo/files.ts';
import { writeAudit, type AuditEvent } from '../../lib/audit.ts';
import { insertDocument } from './review-store.ts';
import { insertAuditEvents } from './seed-batch.ts';
import { RESUBMISSION_EVENTS } from './seed-lines.ts';

const AUTHORITIES = ['Mainland (DET)', 'DMCC', 'DIFC', 'Dubai South', 'DAFZA', 'JAFZA', 'Dubai Silicon Oasis', 'IFZA'] as const;
const LEGAL_FORMS = ['Limited Liability Company (LLC)', 'Free Zone Company (FZ-LLC)', 'Free Zone Establishment (FZE)', 'Sole Establishment', 'Civil Company'] as const;
const AREAS = ['Business Bay', 'Al Quoz Industrial Area 3', 'Jumeirah Lake Towers, Cluster D', 'Deira, Al Rigga Road', 'Dubai Silicon Oasis, Building A2', 'DIFC, Gate Avenue', 'Al Barsha 1', 'Dubai Marina, Marina Plaza'] as const;
const HOUR = 3_600_000;
const DOCUMENTS_RECEIVED = PIPELINE_ACTIONS.submit_documents.statusLine;
const DAY = 24 * HOUR;

interface SeededRegistration {
  id: number;
  user_id: number;
  legal_name: string;
  registration_id: string;
  stage: Stage;
  status: 'active' | 'inactive';
  review_state: ReviewState | null;
  recieved_on: Date | null;
  owner_name: string | null;
  owner_email: string;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export async function seedReviewData(tx: Queryable, now: Date): Promise<void> {
  const registrations = await tx.query<SeededRegistration>(
    `SELECT r.id, r.user_id, r.legal_name, r.registration_id, r.stage, r.status, r.review_state, r.recieved_on,
            u.display_name AS owner_name, u.email AS owner_email
     FROM registrations r JOIN users u ON u.id = r.user_id ORDER BY r.id`,
  );
  const staff = await tx.query<{ id: number; email: string }>("SELECT id, email FROM users WHERE email IN ('admin@example.com', 'bd_manager@example.com')");
  const admin = staff.find((user) => user.email === 'admin@example.com')?.id ?? null;
  const manager = staff.find((user) => user.email === 'bd_manager@example.com')?.id ?? null;

  let reviewCases = 0;
  const lines = await tx.query<{ registration_id: number; status_text: string; created_at: Date }>(
    'SELECT registration_id, status_text, created_at FROM registration_events ORDER BY created_at, id',
  );
  const stagesReached: AuditEvent[] = [];
  for (const [index, registration] of registrations.entries()) {
    const history = lines.filter((line) => line.registration_id === registration.id);
    const timeOf = (text: string) => history.find((event) => event.status_text === text)?.created_at;
    const reached = STAGES.slice(0, STAGES.indexOf(registration.stage) + 1);
    for (const stage of reached) {
      // The documents stage is reached when the documents are submitted (received), as the submit action
      // reaches it; only the old flow's rows, still waiting for theirs, were moved there on the request.
      const line = stage === 'documents_submitted' && timeOf(DOCUMENTS_RECEIVED) ? DOCUMENTS_RECEIVED : STAGE_STATUS_LINES[stage];
      stagesReached.push({
        entity: 'registration',
        entityId: registration.id,
        kind: 'stage_reached',
        actorId: null,
        data: { stage },
        at: timeOf(line) ?? history[0]?.created_at ?? now,
      });
    }
    const returnedAt = timeOf(RESUBMISSION_EVENTS[0]);
    const resubmittedAt = timeOf(RESUBMISSION_EVENTS[1]);
    if (returnedAt && resubmittedAt) {
      await writeAudit(tx, {
        entity: 'registration',
        entityId: registration.id,
        kind: 'returned',
        actorId: manager,
        data: { reason: 'document_expired', comment: 'The trade licence copy expired last month. Please upload the renewed licence.' },
        at: returnedAt,
      });
      await writeAudit(tx, { entity: 'registration', entityId: registration.id, kind: 'resubmitted', actorId: registration.user_id, at: resubmittedAt });
    }

    if (reached.includes('completed_registration')) {
      await insertProfile(tx, registration, index, timeOf(STAGE_STATUS_LINES.completed_registration) ?? now);
    }
    if (registration.recieved_on) {
      await insertDocuments(tx, registration, index);
      await tx.query('UPDATE registrations SET review_since = $2 WHERE id = $1', [registration.id, resubmittedAt && resubmittedAt > registration.recieved_on ? resubmittedAt : registration.recieved_on]);
      if (onboardingPageOf(registration) === 'due-diligence') {
        reviewCases += 1;
        await seedReviewWork(tx, registration, reviewCases, { admin, manager }, now);
      }
    }
  }
  await insertAuditEvents(tx, stagesReached);
}

async function insertProfile(tx: Queryable, registration: SeededRegistration, index: number, submittedAt: Date): Promise<void> {
  const authority = registration.legal_name.includes('DMCC')
    ? 'DMCC'
    : registration.legal_name.includes('DIFC')
      ? 'DIFC'
      : AUTHORITIES[index % AUTHORITIES.length]!;
  const issued = new Date(submittedAt.getTime() - (60 + (index * 47) % 600) * DAY);
  const expires = new Date(issued.getTime() + 365 * DAY);
  const vat = index % 3 !== 0;
  const slug = registration.legal_name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '').slice(0, 18);
  await tx.query(
    `INSERT INTO company_profiles (registration_id, trade_licence_number, licensing_authority, legal_form, licence_issued_on,
       licence_expires_on, vat_registered, trn, contact_person, email, phone, address, submitted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      registration.id,
      `${authority === 'Mainland (DET)' ? 'CN' : authority.replace(/[^A-Z]/g, '')}-${String(1_000_000 + index * 7919).slice(-7)}`,
      authority,
      authority === 'Mainland (DET)' ? LEGAL_FORMS[index % 2 === 0 ? 0 : 3]! : LEGAL_FORMS[1 + (index % 2)]!,
      isoDate(issued),
      isoDate(expires),
      vat,
      vat ? `100${String(200_000_000_000 + index * 104_729).slice(-10)}03` : null,
      registration.owner_name ?? 'Company owner',
      registration.owner_email.endsWith('@example.com') ? registration.owner_email : `accounts@${slug}.ae`,
      `+971 ${index % 2 === 0 ? '50' : '55'} ${String(1_000_000 + index * 3571).slice(-7).replace(/(\d{3})(\d{4})/, '$1 $2')}`,
      `Office ${100 + index}, ${AREAS[index % AREAS.length]}, Dubai, United Arab Emirates`,
      submittedAt,
    ],
  );
}

const DOCUMENTS: ReadonlyArray<{ kind: DocumentKind; title: string; image: boolean }> = [
  { kind: 'trade_licence', title: 'Commercial Licence', image: false },
  { kind: 'passport', title: 'Passport', image: true },
  { kind: 'emirates_id', title: 'Emirates ID', image: true },
  { kind: 'memorandum_of_association', title: 'Memorandum of Association', image: false },
  { kind: 'bank_statement', title: 'Bank Statement', image: false },
];

async function insertDocuments(tx: Queryable, registration: SeededRegistration, index: number): Promise<void> {
  const received = registration.recieved_on!;
  const [profile] = await tx.query<{ trade_licence_number: string; licensing_authority: string; issued: string; expires: string }>(
    `SELECT trade_licence_number, licensing_authority, to_char(licence_issued_on, 'YYYY-MM-DD') AS issued,
            to_char(licence_expires_on, 'YYYY-MM-DD') AS expires FROM company_profiles WHERE registration_id = $1`,
    [registration.id],
  );
  // Every case has the licence, a passport and an Emirates ID; some also the memorandum and a bank statement.
  const documents = DOCUMENTS.slice(0, 3 + (index % 3));
  const slug = registration.legal_name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  for (const [position, document] of documents.entries()) {
    const content = document.image
      ? makeCardPng(document.kind === 'passport' ? [32, 58, 110] : [0, 115, 80], index + position)
      : makePdf(`${document.title}: ${registration.legal_name}`, [
          `Registration: ${registration.registration_id}`,
          `Licence number: ${profile?.trade_licence_number ?? 'n/a'}`,
          `Licensing authority: ${profile?.licensing_authority ?? 'n/a'}`,
          `Issued: ${profile?.issued ?? 'n/a'}    Expires: ${profile?.expires ?? 'n/a'}`,
          `Owner: ${registration.owner_name ?? 'n/a'}`,
        ]);
    await insertDocument(tx, registration.id, {
      kind: document.kind,
      file_name: `${slug}-${document.kind.replace(/_/g, '-')}.${document.image ? 'png' : 'pdf'}`,
      content_type: document.image ? 'image/png' : 'application/pdf',
      content,
      uploadedBy: registration.user_id,
      at: new Date(received.getTime() - (documents.length - position) * 7 * 60_000),
    });
  }
}

/** A few cases already picked up: the first ones assigned to the BD manager, some with an internal note. */
async function seedReviewWork(tx: Queryable, registration: SeededRegistration, caseNumber: number, staff: { admin: number | null; manager: number | null }, now: Date): Promise<void> {
  const received = registration.recieved_on!.getTime();
  const at = (hoursAfter: number) => new Date(Math.min(received + hoursAfter * HOUR, now.getTime() - 10 * 60_000));
  if (caseNumber % 4 === 2 && staff.manager !== null) {
    await tx.query('UPDATE registrations SET assignee_id = $2 WHERE id = $1', [registration.id, staff.manager]);
    const [assignee] = await tx.query<{ id: number; display_name: string | null; email: string }>('SELECT id, display_name, email FROM users WHERE id = $1', [staff.manager]);
    await writeAudit(tx, { entity: 'registration', entityId: registration.id, kind: 'assigned', actorId: staff.manager, data: { assignee }, at: at(2) });
  }
  if (caseNumber % 3 === 2 && staff.admin !== null) {
    await writeAudit(tx, {
      entity: 'registration',
      entityId: registration.id,
      kind: 'comment_added',
      actorId: staff.admin,
      data: { comment: 'Passport scan is fine. Please check the licence activity matches the planned bookkeeping scope.' },
      at: at(3),
    });
  }
}
