/**
 * The website enquiries area's paths (relative to API_BASE) and vocabulary: plain code, so the console and
 * the gateway import them without the schema library. A kind is named by its console path segment (the
 * spec's /contactus, /talktoexpert, /cfo-enquiries, /fundability, /difc), one name everywhere: the tab's
 * path, the public form's path, the stored value and the CRM lead's source.
 */
import type { AreaChanges } from './endpoint.ts';

export const ENQUIRY_KINDS = ['contactus', 'talktoexpert', 'cfo-enquiries', 'fundability', 'difc'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

export const ENQUIRY_KIND_LABELS: Record<EnquiryKind, string> = {
  contactus: 'Contact us',
  talktoexpert: 'Talk to an expert',
  'cfo-enquiries': 'CFO enquiries',
  fundability: 'Fundability check',
  difc: 'DIFC',
};

export const ENQUIRY_STATUSES = ['new', 'contacted', 'qualified', 'closed', 'spam'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = { new: 'New', contacted: 'Contacted', qualified: 'Qualified', closed: 'Closed', spam: 'Spam' };

/** The form fields each kind asks beyond name, e-mail, phone, company and message. */
export const TOPICS = ['bookkeeping', 'vat', 'corporate_tax', 'payroll', 'other'] as const;
export const CFO_SERVICES = ['fractional_cfo', 'fp_and_a', 'fundraising', 'board_reporting', 'other'] as const;
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201+'] as const;
export const REVENUE_BANDS = ['under_1m', '1m_5m', '5m_20m', 'over_20m'] as const;
export const KIND_FIELDS: Record<EnquiryKind, readonly ('topic' | 'service' | 'company_size' | 'revenue_band' | 'licence_number')[]> = {
  contactus: [],
  talktoexpert: ['topic'],
  'cfo-enquiries': ['service'],
  fundability: ['company_size', 'revenue_band'],
  difc: ['licence_number'],
};
export const DETAIL_LABELS: Record<string, string> = {
  topic: 'Topic',
  service: 'Service',
  company_size: 'Company size',
  revenue_band: 'Annual revenue (AED)',
  licence_number: 'DIFC licence number',
};
export const DETAIL_VALUE_LABELS: Record<string, string> = {
  bookkeeping: 'Bookkeeping',
  vat: 'VAT',
  corporate_tax: 'Corporate tax',
  payroll: 'Payroll',
  other: 'Other',
  fractional_cfo: 'Fractional CFO',
  fp_and_a: 'Planning and analysis',
  fundraising: 'Fundraising',
  board_reporting: 'Board reporting',
  under_1m: 'Under 1 million',
  '1m_5m': '1 to 5 million',
  '5m_20m': '5 to 20 million',
  over_20m: 'Over 20 million',
};

/** An enquiry's form details in words, as a person reads them: 'Company size: 51-200; Annual revenue (AED): 1 to 5 million'. */
export function detailsInWords(details: Readonly<Record<string, string>>): string {
  return Object.entries(details)
    .map(([key, value]) => `${DETAIL_LABELS[key] ?? key}: ${DETAIL_VALUE_LABELS[value] ?? value}`)
    .join('; ');
}

/** The honeypot: a field people never see; a filled one is a bot's, accepted silently and dropped. */
export const HONEYPOT_FIELD = 'website';

export const MAX_ENQUIRY_MESSAGE_LENGTH = 4000;
export const MAX_NOTE_LENGTH = 2000;
export const MAX_CLOSE_REASON_LENGTH = 500;

export const enquiriesRoutes = {
  /** ?kind=&status=&assignee_id=&search=&page=: the inbox, newest first. */
  list: 'GET /enquiries/',
  /** New enquiries per kind (tabs and the nav count). */
  counts: 'GET /enquiries/counts/',
  /** With the list's filters: a CSV file. */
  export: 'GET /enquiries/export/',
  /** The staff an enquiry may be assigned to. */
  assignees: 'GET /enquiries/assignees/',
  enquiry: 'GET /enquiries/:id',
  status: 'POST /enquiries/:id/status',
  assign: 'POST /enquiries/:id/assign',
  notes: 'POST /enquiries/:id/notes',
  merge: 'POST /enquiries/:id/merge',
  convert: 'POST /enquiries/:id/convert',
  /** No sign-in, through the gateway's public path: the website's form of that kind. */
  publicSubmit: 'POST /public/enquiries/:kind',
} as const;

/** The console's pages of the area: a tab per kind, one enquiry under its kind's tab. */
export const enquiryPagePath = (kind: EnquiryKind, id?: number) => (id === undefined ? `/${kind}` : `/${kind}/${id}`);

/** The inbox's bulk actions and their labels (params schemas: enquiriesBulkActions in enquiries.ts). */
export const enquiriesBulkLabels = { assign: 'Assign', status: 'Change status' } as const;

/** Besides the enquiries: an assignee is what My work lists, and a converted enquiry makes a CRM lead. */
export const enquiriesChanges = {
  assign: ['work'],
  status: ['work'],
  convert: ['crm'],
} as const satisfies AreaChanges<typeof enquiriesRoutes>;
