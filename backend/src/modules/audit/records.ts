/**
 * The records an audit page names: each event's record by the name or number people know it by (INV-000145,
 * CN-000001, REG-2026-1042, a party's name) and the console page that shows it, read in one query per record
 * kind on the page, never per row. The internal id stays in the event; the page shows these.
 */
import { careerPagePath } from '../../../../common/contract/careers-paths.ts';
import { crmPagePath } from '../../../../common/contract/crm-paths.ts';
import { enquiryPagePath, type EnquiryKind } from '../../../../common/contract/enquiries-paths.ts';
import type { AuditEntity } from '../../../../common/events.ts';
import {
  AML_REGISTER_PATH,
  chatListPath,
  clientPath,
  clientReportPath,
  dueDiligenceDetailPath,
  faqListPath,
  practicePath,
  invoiceListPath,
  registrationPath,
  requestListPath,
  taskListPath,
  timesheetPath,
  userListPath,
} from '../../../../common/links.ts';
import type { Stage } from '../../../../common/stages.ts';
import type { ReviewState } from '../../../../common/onboarding.ts';
import type { Queryable } from '../../db/database.ts';

export interface AuditRecord {
  label: string;
  href: string | null;
}

interface Row {
  id: number;
  label: string;
  [more: string]: unknown;
}

interface Lookup {
  sql: string;
  href: (row: Row) => string | null;
}

/** A registration's number and company, as its pages head it. */
const REGISTRATION_LABEL = "r.registration_id || ' · ' || r.legal_name";
const text = (value: unknown) => String(value ?? '');

const LOOKUPS: Record<AuditEntity, Lookup> = {
  // Time: an entry and a week open their user's week; the timer (keyed by its user) the user's Timesheet.
  time_entry: {
    sql: `SELECT e.id, COALESCE(NULLIF(u.display_name, ''), u.email) || ' · ' || c.legal_name || ' · ' || to_char(e.work_date, 'YYYY-MM-DD') AS label, e.user_id, to_char(e.work_date, 'IYYY-"W"IW') AS week
          FROM time_entries e JOIN users u ON u.id = e.user_id JOIN clients c ON c.id = e.client_id WHERE e.id = ANY($1::int[])`,
    href: (row) => timesheetPath({ user: row.user_id as number, week: text(row.week) }),
  },
  timer: {
    sql: "SELECT u.id, 'Timer of ' || COALESCE(NULLIF(u.display_name, ''), u.email) AS label FROM users u WHERE u.id = ANY($1::int[])",
    href: (row) => timesheetPath({ user: row.id }),
  },
  timesheet: {
    sql: "SELECT s.id, COALESCE(NULLIF(u.display_name, ''), u.email) || ' · ' || s.week AS label, s.user_id, s.week FROM timesheets s JOIN users u ON u.id = s.user_id WHERE s.id = ANY($1::int[])",
    href: (row) => timesheetPath({ user: row.user_id as number, week: text(row.week) }),
  },
  registration: {
    sql: `SELECT r.id, ${REGISTRATION_LABEL} AS label, r.user_id, r.stage, r.status, r.review_state FROM registrations r WHERE r.id = ANY($1::int[])`,
    href: (row) =>
      registrationPath({ user_id: row.user_id as number, stage: row.stage as Stage, status: row.status as 'active' | 'inactive', review_state: row.review_state as ReviewState | null }),
  },
  user: {
    sql: "SELECT u.id, COALESCE(NULLIF(u.display_name, ''), u.email) AS label, u.email FROM users u WHERE u.id = ANY($1::int[])",
    href: (row) => userListPath({ search: text(row.email).toLowerCase() }),
  },
  client: { sql: 'SELECT c.id, c.legal_name AS label FROM clients c WHERE c.id = ANY($1::int[])', href: (row) => clientPath(row.id) },
  subscription: {
    sql: "SELECT s.id, 'Subscription of ' || c.legal_name AS label, s.client_id FROM subscriptions s JOIN clients c ON c.id = s.client_id WHERE s.id = ANY($1::int[])",
    href: (row) => clientPath(row.client_id as number, 'subscription'),
  },
  monthly_report: {
    sql: `SELECT m.id, c.legal_name || ' · report ' || to_char(m.month, 'Mon YYYY') AS label, m.client_id, to_char(m.month, 'YYYY-MM') AS month
          FROM monthly_reports m JOIN clients c ON c.id = m.client_id WHERE m.id = ANY($1::int[])`,
    href: (row) => clientReportPath(row.client_id as number, text(row.month)),
  },
  task: {
    sql: "SELECT t.id, t.title || ' · ' || c.legal_name AS label FROM tasks t JOIN clients c ON c.id = t.client_id WHERE t.id = ANY($1::int[])",
    href: (row) => taskListPath({ assignee: 'all', task: row.id }),
  },
  task_template: {
    sql: "SELECT t.id, 'Recurring: ' || t.title || ' · ' || c.legal_name AS label, t.client_id FROM task_templates t JOIN clients c ON c.id = t.client_id WHERE t.id = ANY($1::int[])",
    href: (row) => clientPath(row.client_id as number, 'recurring'),
  },
  service_request: {
    sql: "SELECT r.id, t.name || ' · ' || c.legal_name AS label FROM service_requests r JOIN request_types t ON t.id = r.type_id JOIN clients c ON c.id = r.client_id WHERE r.id = ANY($1::int[])",
    href: (row) => requestListPath({ request: row.id }),
  },
  conversation: {
    sql: "SELECT v.id, 'Chat with ' || c.legal_name AS label FROM conversations v JOIN clients c ON c.id = v.client_id WHERE v.id = ANY($1::int[])",
    href: (row) => chatListPath({ conversation: row.id }),
  },
  // A deleted reply has no row: its event stays unnamed, as any record's gone since.
  canned_reply: { sql: "SELECT r.id, 'Canned reply · ' || r.title AS label FROM canned_replies r WHERE r.id = ANY($1::int[])", href: () => chatListPath({}) },
  invoice: {
    sql: "SELECT i.id, i.number || ' · ' || i.client_name AS label FROM invoices i WHERE i.id = ANY($1::int[])",
    href: (row) => invoiceListPath({ invoice: row.id }),
  },
  enquiry: {
    sql: "SELECT e.id, e.name || COALESCE(' · ' || e.company, '') AS label, e.kind FROM enquiries e WHERE e.id = ANY($1::int[])",
    href: (row) => enquiryPagePath(row.kind as EnquiryKind, row.id),
  },
  lead: { sql: 'SELECT l.id, l.company AS label FROM leads l WHERE l.id = ANY($1::int[])', href: (row) => crmPagePath.lead(row.id) },
  job_post: { sql: 'SELECT j.id, j.title AS label FROM job_posts j WHERE j.id = ANY($1::int[])', href: (row) => careerPagePath.edit(row.id) },
  job_application: {
    sql: "SELECT a.id, a.name || ' · ' || j.title AS label FROM job_applications a JOIN job_posts j ON j.id = a.job_id WHERE a.id = ANY($1::int[])",
    href: () => careerPagePath.list,
  },
  faq: { sql: 'SELECT f.id, f.question_en AS label FROM faqs f WHERE f.id = ANY($1::int[])', href: () => faqListPath() },
  // A cost rate is keyed by its staff member; the Audit page is ADMIN's, as the rates are.
  cost_rate: {
    sql: "SELECT u.id, 'Cost rate of ' || COALESCE(NULLIF(u.display_name, ''), u.email) AS label FROM users u WHERE u.id = ANY($1::int[])",
    href: () => practicePath({ tab: 'rates' }),
  },
  saved_view: { sql: "SELECT v.id, 'Saved view ' || v.name AS label FROM saved_views v WHERE v.id = ANY($1::int[])", href: () => null },
  bulk_job: { sql: "SELECT b.id, 'Bulk ' || replace(b.action, '_', ' ') || ' on ' || b.list AS label FROM bulk_jobs b WHERE b.id = ANY($1::int[])", href: () => null },
  aml_party: {
    sql: `SELECT p.id, p.name || ' · ' || r.registration_id AS label, r.user_id FROM aml_parties p JOIN registrations r ON r.id = p.registration_id WHERE p.id = ANY($1::int[])`,
    href: (row) => dueDiligenceDetailPath(row.user_id as number),
  },
  aml_match: {
    sql: `SELECT m.id, COALESCE(p.name, r.legal_name) || ' ~ ' || COALESCE(e.primary_name, m.candidate ->> 'name', 'a listed name') || ' · ' || r.registration_id AS label, r.user_id
          FROM aml_matches m JOIN registrations r ON r.id = m.registration_id LEFT JOIN aml_parties p ON p.id = m.party_id LEFT JOIN aml_list_entries e ON e.id = m.entry_id
          WHERE m.id = ANY($1::int[])`,
    href: (row) => dueDiligenceDetailPath(row.user_id as number),
  },
  aml_file: {
    sql: `SELECT r.id, 'AML file of ' || ${REGISTRATION_LABEL} AS label, r.user_id FROM registrations r WHERE r.id = ANY($1::int[])`,
    href: (row) => dueDiligenceDetailPath(row.user_id as number),
  },
  aml_list: {
    // The UAE list states no date of its own: its version is known by the day it was imported (Dubai).
    sql: `SELECT v.id, CASE v.list WHEN 'un' THEN 'UN' ELSE 'UAE local' END || ' list of ' || coalesce(left(v.published_on, 10), to_char(v.imported_at AT TIME ZONE 'Asia/Dubai', 'YYYY-MM-DD')) AS label
          FROM aml_list_versions v WHERE v.id = ANY($1::int[])`,
    href: () => null,
  },
  plan: { sql: "SELECT p.id, 'Plan ' || p.name AS label FROM plans p WHERE p.id = ANY($1::int[])", href: () => null },
  aml_register: {
    sql: `SELECT g.id, upper(g.type) || ' · ' || ${REGISTRATION_LABEL} AS label FROM aml_register_entries g JOIN registrations r ON r.id = g.registration_id WHERE g.id = ANY($1::int[])`,
    href: () => AML_REGISTER_PATH,
  },
};

/** A record whose row is gone (or a kind this list does not know) still reads: its kind and number. */
export const fallbackRecordLabel = (entity: string, id: number) => `${entity.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase())} #${id}`;

/** The name and page of every record the events name, keyed 'entity:id'. */
export async function auditRecords(db: Queryable, events: readonly { entity: AuditEntity; entity_id: number }[]): Promise<Map<string, AuditRecord>> {
  const ids = new Map<AuditEntity, Set<number>>();
  for (const event of events) {
    if (!(event.entity in LOOKUPS)) continue;
    let set = ids.get(event.entity);
    if (!set) ids.set(event.entity, (set = new Set()));
    set.add(event.entity_id);
  }
  const records = new Map<string, AuditRecord>();
  for (const [entity, set] of ids) {
    const lookup = LOOKUPS[entity];
    const rows = await db.query<Row>(lookup.sql, [[...set]]);
    for (const row of rows) records.set(`${entity}:${row.id}`, { label: row.label, href: lookup.href(row) });
  }
  return records;
}
