/**
 * An audit event in words, for the Audit page and its CSV export alike: event kinds and field names as
 * people say them ('E-invoicing profile updated', 'EDD approved'), values as the console shows them (dates
 * 'DD-MMM-YYYY' in Dubai time, amounts in AED), and internal ids left out: the record is named by the page.
 */
import { isIsoDate } from './calendar.ts';
import { formatDubaiDateTime, formatDubaiDay } from './dubai-time.ts';
import { formatFils } from './money.ts';

/** Words written otherwise than the code's lower-case names. */
const WORDS: Readonly<Record<string, string>> = {
  aml: 'AML',
  asp: 'ASP',
  bp: 'basis points',
  cn: 'credit note',
  csv: 'CSV',
  edd: 'EDD',
  einvoice: 'e-invoice',
  einvoices: 'e-invoices',
  einvoicing: 'e-invoicing',
  faq: 'FAQ',
  faqs: 'FAQs',
  goaml: 'goAML',
  id: 'ID',
  pdf: 'PDF',
  pep: 'PEP',
  pint: 'PINT',
  sla: 'SLA',
  str: 'STR',
  sar: 'SAR',
  tin: 'TIN',
  trn: 'TRN',
  ubo: 'UBO',
  ubos: 'UBOs',
  url: 'URL',
  vat: 'VAT',
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'einvoicing_profile_updated' -> 'E-invoicing profile updated'; 'edd_approved' -> 'EDD approved'. */
export function codeWords(code: string): string {
  return capitalise(
    code
      .split(/[_\s]+/)
      .filter((word) => word !== '')
      .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase())
      .join(' '),
  );
}

/** A field's name without its unit, which its value shows: 'total_fils' -> 'Total'. */
const fieldWords = (key: string) => codeWords(key.replace(/_(fils|bp)$/, ''));

/** Fields that are the database's own bookkeeping, never a fact for a person. */
const isInternal = (key: string) => key === 'id' || key === 'version' || key === 'idempotency_key' || /(_id|_ids|Id|Ids)$/.test(key);

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const CODE = /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/;

/** One value as the console shows it; `key` tells amounts (…_fils) and shares (…_bp) apart. */
export function valueWords(value: unknown, key = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (key.endsWith('_fils')) return formatFils(value);
    if (key.endsWith('_bp')) return `${(value / 100).toLocaleString('en-GB')} %`;
    return value.toLocaleString('en-GB');
  }
  if (typeof value === 'string') {
    if (isIsoDate(value)) return formatDubaiDay(value);
    if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatDubaiDateTime(Date.parse(value));
    if (CODE.test(value)) return codeWords(value);
    return value;
  }
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((item) => valueWords(item, key)).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // A person or a thing named in the event: its name says enough.
    for (const name of ['display_name', 'name', 'label', 'title', 'email']) if (typeof record[name] === 'string' && record[name] !== '') return record[name];
    const lines = describeValues(record);
    return lines.length === 0 ? '—' : lines.map((line) => `${line.label}: ${line.text}`).join('; ');
  }
  return String(value);
}

export interface AuditLine {
  label: string;
  text: string;
}

/** An event's details as label and text pairs, internal ids left out. */
export function describeValues(values: Readonly<Record<string, unknown>>): AuditLine[] {
  return Object.entries(values)
    .filter(([key]) => !isInternal(key))
    .map(([key, value]) => ({ label: fieldWords(key), text: valueWords(value, key) }));
}

/** What a change changed: each field that differs, 'before → after' (a field only on one side reads '—' on the other). */
export function describeChange(before: Readonly<Record<string, unknown>> | null, after: Readonly<Record<string, unknown>> | null): AuditLine[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((key) => !isInternal(key));
  return keys.flatMap((key) => {
    const from = valueWords(before?.[key], key);
    const to = valueWords(after?.[key], key);
    if (before && after && from === to) return [];
    if (!before) return [{ label: fieldWords(key), text: to }];
    if (!after) return [{ label: fieldWords(key), text: `${from} (removed)` }];
    return [{ label: fieldWords(key), text: `${from} → ${to}` }];
  });
}

/** The whole event in one line, for the CSV export. */
export function auditDetailsLine(entry: { data: Readonly<Record<string, unknown>>; before: Readonly<Record<string, unknown>> | null; after: Readonly<Record<string, unknown>> | null }): string {
  return [...describeValues(entry.data), ...describeChange(entry.before, entry.after)].map((line) => `${line.label}: ${line.text}`).join('; ');
}
