/** The audit area's paths (relative to API_BASE) and its vocabulary, plain code so the console imports them without the schemas. */
import {
  AUDIT_ENTITIES,
  CHAT_EVENT_KINDS,
  CLIENT_EVENT_KINDS,
  GROWTH_EVENT_KINDS,
  INVOICE_EVENT_KINDS,
  REGISTRATION_EVENT_KINDS,
  REQUEST_EVENT_KINDS,
  SPEED_EVENT_KINDS,
  TASK_EVENT_KINDS,
  USER_EVENT_KINDS,
  type AuditEntity,
} from '../events.ts';
import { withQuery } from '../links.ts';

export const auditRoutes = {
  /** ?actor=&area=&entity=&record=&kind=&from=&to=&page=: every audited event, newest first (ADMIN). */
  list: 'GET /audit/',
  /** The same selection as a CSV file (formula-safe cells). */
  export: 'GET /audit/export',
} as const;

/** The console's areas an audited record belongs to, as the Audit page's area filter offers them. */
export const AUDIT_AREAS = ['onboarding', 'users', 'clients', 'tasks', 'on-demand-requests', 'chats', 'invoices', 'enquiries', 'crm', 'careers', 'faqs', 'work', 'aml'] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

export const AUDIT_AREA_LABELS: Record<AuditArea, string> = {
  onboarding: 'Onboarding',
  users: 'Users and security',
  clients: 'Clients',
  tasks: 'Tasks',
  'on-demand-requests': 'On-demand requests',
  chats: 'Chats',
  invoices: 'Invoices',
  enquiries: 'Website enquiries',
  crm: 'CRM',
  careers: 'Careers',
  faqs: 'FAQs',
  work: 'Saved views and bulk actions',
  aml: 'AML due diligence',
};

/** Which area each audited record kind (the audit table's entity) belongs to. */
export const AUDIT_AREA_OF: Record<AuditEntity, AuditArea> = {
  registration: 'onboarding',
  user: 'users',
  client: 'clients',
  subscription: 'clients',
  monthly_report: 'clients',
  task: 'tasks',
  task_template: 'tasks',
  service_request: 'on-demand-requests',
  conversation: 'chats',
  invoice: 'invoices',
  enquiry: 'enquiries',
  lead: 'crm',
  job_post: 'careers',
  job_application: 'careers',
  faq: 'faqs',
  // Listed only to compliance officers: the audit store leaves register events out for everyone else.
  aml_register: 'aml',
  saved_view: 'work',
  bulk_job: 'work',
  aml_party: 'aml',
  aml_match: 'aml',
  aml_file: 'aml',
  aml_list: 'aml',
};

/** The record kinds of an area (the SQL filter for ?area=). */
export const auditEntitiesOf = (area: AuditArea): AuditEntity[] => AUDIT_ENTITIES.filter((entity) => AUDIT_AREA_OF[entity] === area);

/**
 * The Audit page (ADMIN) narrowed to one record's events, or one person's: a record's timeline links here.
 * It sits with the area's paths, not in links.ts, which the login route carries.
 */
export const auditListPath = (query: { entity?: AuditEntity; record?: number; actor?: number } = {}) => withQuery('/audit', query);

export const auditExportFileName = (today: string) => `audit-${today}.csv`;

/** Every event kind an area audits, for the Audit page's event filter (one list, sorted, no repeats). */
export const AUDIT_EVENT_KINDS: readonly string[] = [
  ...new Set<string>([
    ...REGISTRATION_EVENT_KINDS,
    ...USER_EVENT_KINDS,
    ...CLIENT_EVENT_KINDS,
    ...TASK_EVENT_KINDS,
    ...REQUEST_EVENT_KINDS,
    ...CHAT_EVENT_KINDS,
    ...INVOICE_EVENT_KINDS,
    ...GROWTH_EVENT_KINDS,
    ...SPEED_EVENT_KINDS,
  ]),
].sort();

/** 'role_changed' -> 'Role changed'. */
export const auditKindLabel = (kind: string): string => {
  const words = kind.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
