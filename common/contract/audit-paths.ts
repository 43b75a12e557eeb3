/** The audit area's paths (relative to API_BASE) and its vocabulary, plain code so the console imports them without the schemas. */
import {
  AML_EVENT_KINDS,
  AUDIT_ENTITIES,
  CAPACITY_EVENT_KINDS,
  CHAT_EVENT_KINDS,
  EINVOICE_EVENT_KINDS,
  CLIENT_EVENT_KINDS,
  GROWTH_EVENT_KINDS,
  INVOICE_EVENT_KINDS,
  REGISTRATION_EVENT_KINDS,
  REQUEST_EVENT_KINDS,
  PRACTICE_EVENT_KINDS,
  SPEED_EVENT_KINDS,
  TASK_EVENT_KINDS,
  TIME_EVENT_KINDS,
  USER_EVENT_KINDS,
  type AuditEntity,
} from '../events.ts';
import { codeWords } from '../audit-words.ts';

export const auditRoutes = {
  /** ?actor=&area=&entity=&record=&kind=&from=&to=&page=: every audited event, newest first (ADMIN). */
  list: 'GET /audit/',
  /** The same selection as a CSV file (formula-safe cells). */
  export: 'GET /audit/export',
} as const;

/** The console's areas an audited record belongs to, as the Audit page's area filter offers them. */
export const AUDIT_AREAS = ['onboarding', 'users', 'clients', 'tasks', 'on-demand-requests', 'chats', 'invoices', 'enquiries', 'crm', 'careers', 'faqs', 'work', 'aml', 'time', 'practice'] as const;
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
  time: 'Time',
  practice: 'Practice (cost rates)',
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
  canned_reply: 'chats',
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
  time_entry: 'time',
  timer: 'time',
  timesheet: 'time',
  // A plan's included hours: the clients' budgets read them.
  plan: 'clients',
  cost_rate: 'practice',
};

/** The record kinds of an area (the SQL filter for ?area=). */
export const auditEntitiesOf = (area: AuditArea): AuditEntity[] => AUDIT_ENTITIES.filter((entity) => AUDIT_AREA_OF[entity] === area);

export { auditListPath } from '../links.ts';

export const auditExportFileName = (today: string) => `audit-${today}.csv`;

/**
 * Every event kind the trail records, in groups of the Audit page's areas (the event filter's groups; an
 * area chosen narrows the filter to its groups). E-invoicing's events concern invoices and clients.
 */
const growthKinds = (prefixes: readonly string[]) => GROWTH_EVENT_KINDS.filter((kind) => prefixes.some((prefix) => kind.startsWith(prefix)));
export const AUDIT_EVENT_GROUPS: readonly { label: string; areas: readonly AuditArea[]; kinds: readonly string[] }[] = [
  { label: 'Onboarding', areas: ['onboarding'], kinds: REGISTRATION_EVENT_KINDS },
  { label: 'Users and security', areas: ['users'], kinds: USER_EVENT_KINDS },
  { label: 'Clients', areas: ['clients'], kinds: CLIENT_EVENT_KINDS },
  { label: 'Tasks', areas: ['tasks'], kinds: TASK_EVENT_KINDS },
  { label: 'On-demand requests', areas: ['on-demand-requests'], kinds: REQUEST_EVENT_KINDS },
  { label: 'Chats', areas: ['chats'], kinds: CHAT_EVENT_KINDS },
  { label: 'Invoices', areas: ['invoices'], kinds: INVOICE_EVENT_KINDS },
  { label: 'E-invoicing', areas: ['invoices', 'clients'], kinds: EINVOICE_EVENT_KINDS },
  { label: 'AML due diligence', areas: ['aml'], kinds: AML_EVENT_KINDS },
  { label: 'Website enquiries', areas: ['enquiries'], kinds: growthKinds(['enquiry_']) },
  { label: 'CRM', areas: ['crm'], kinds: growthKinds(['lead_']) },
  { label: 'Careers', areas: ['careers'], kinds: growthKinds(['job_', 'application_']) },
  { label: 'FAQs', areas: ['faqs'], kinds: growthKinds(['faq_']) },
  { label: 'Saved views and bulk actions', areas: ['work'], kinds: SPEED_EVENT_KINDS },
  { label: 'Time', areas: ['time'], kinds: TIME_EVENT_KINDS },
  { label: 'Capacity and budgets', areas: ['users', 'clients'], kinds: CAPACITY_EVENT_KINDS },
  { label: 'Practice', areas: ['practice'], kinds: PRACTICE_EVENT_KINDS },
];

/** Every event kind an area audits, for the Audit page's event filter (one list, sorted, no repeats). */
export const AUDIT_EVENT_KINDS: readonly string[] = [...new Set<string>(AUDIT_EVENT_GROUPS.flatMap((group) => group.kinds))].sort();

/** The event filter's groups for an area ('all': every group). */
export const auditEventGroupsOf = (area: AuditArea | 'all') => (area === 'all' ? AUDIT_EVENT_GROUPS : AUDIT_EVENT_GROUPS.filter((group) => group.areas.includes(area)));

/** 'role_changed' -> 'Role changed'; 'einvoicing_profile_updated' -> 'E-invoicing profile updated'; 'edd_approved' -> 'EDD approved'. */
export const auditKindLabel = (kind: string): string => codeWords(kind);

/** A record kind as people say it: 'aml_party' -> 'AML party'. */
export const auditEntityLabel = (entity: string): string => codeWords(entity);
