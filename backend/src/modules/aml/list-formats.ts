/**
 * The sanctions lists' official formats, read into entries (pure: no database).
 * - UN Security Council Consolidated List, the XML the UN publishes: CONSOLIDATED_LIST (dateGenerated) with
 *   INDIVIDUALS/INDIVIDUAL (DATAID, FIRST_NAME..FOURTH_NAME, REFERENCE_NUMBER, NATIONALITY/VALUE,
 *   INDIVIDUAL_ALIAS/ALIAS_NAME, INDIVIDUAL_DATE_OF_BIRTH with DATE, YEAR or FROM_YEAR/TO_YEAR,
 *   NAME_ORIGINAL_SCRIPT) and ENTITIES/ENTITY (FIRST_NAME, ENTITY_ALIAS).
 * - UAE Local Terrorist List as the Executive Office for Control and Non-Proliferation publishes it: a
 *   workbook whose header row starts with '#' and names its columns in Arabic (the columns OpenSanctions'
 *   ae_local_terrorists crawler reads); imported as that sheet saved as CSV (UTF-8), since the console
 *   takes no spreadsheet library.
 * A file that is not its list's format is refused naming the line or the missing element; nothing is read.
 */
import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ListEntryForMatch } from '../../../../common/aml-matching.ts';
import type { SanctionsList } from '../../../../common/contract/aml.ts';
import { invalidInput } from '../../lib/http-error.ts';

export interface ParsedEntry extends Omit<ListEntryForMatch, 'id'> {
  primary_name: string;
  /** Hash of what the entry says: a changed entry is removed and added again. */
  content_hash: string;
}

export interface ParsedList {
  published_on: string | null;
  entries: ParsedEntry[];
}

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

function finish(entry: Omit<ParsedEntry, 'content_hash'>): ParsedEntry {
  return { ...entry, content_hash: hash(entry) };
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).replace(/\s+/g, ' ').trim() : '');
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]);
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

const REPEATED = new Set(['INDIVIDUAL', 'ENTITY', 'INDIVIDUAL_ALIAS', 'ENTITY_ALIAS', 'INDIVIDUAL_DATE_OF_BIRTH', 'VALUE', 'NATIONALITY']);

export function parseUnList(content: string): ParsedList {
  const valid = XMLValidator.validate(content);
  if (valid !== true) throw invalidInput('content', `is malformed XML at line ${valid.err.line}: ${valid.err.msg}`);
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (name) => REPEATED.has(name) });
  const root = record(record(parser.parse(content)).CONSOLIDATED_LIST);
  if (Object.keys(root).length === 0) throw invalidInput('content', 'is missing the CONSOLIDATED_LIST element of the UN list');
  if (!('INDIVIDUALS' in root) && !('ENTITIES' in root)) throw invalidInput('content', 'is missing the INDIVIDUALS and ENTITIES elements of the UN list');
  const generated = text(root['@dateGenerated']);
  const entries: ParsedEntry[] = [];
  for (const raw of asArray(record(root.INDIVIDUALS).INDIVIDUAL)) {
    const item = record(raw);
    const reference = text(item.REFERENCE_NUMBER) || text(item.DATAID);
    const primary = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((key) => text(item[key])).filter(Boolean).join(' ');
    if (!reference || !primary) throw invalidInput('content', `has an INDIVIDUAL without ${reference ? 'FIRST_NAME' : 'REFERENCE_NUMBER'} (DATAID ${text(item.DATAID) || 'unknown'})`);
    const names = [{ name: primary, alias: false }];
    for (const alias of asArray(item.INDIVIDUAL_ALIAS)) {
      const name = text(record(alias).ALIAS_NAME);
      if (name) names.push({ name, alias: true });
    }
    const original = text(item.NAME_ORIGINAL_SCRIPT);
    if (original) names.push({ name: original, alias: false });
    const dates: ParsedEntry['dates_of_birth'][number][] = [];
    for (const dob of asArray(item.INDIVIDUAL_DATE_OF_BIRTH)) {
      const d = record(dob);
      const date = text(d.DATE).slice(0, 10);
      if (/^\d{4}-\d{2}-\d{2}$/.test(date)) dates.push({ date });
      else if (/^\d{4}$/.test(text(d.YEAR))) dates.push({ year: Number(text(d.YEAR)) });
      else if (/^\d{4}$/.test(text(d.FROM_YEAR)) && /^\d{4}$/.test(text(d.TO_YEAR))) dates.push({ from_year: Number(text(d.FROM_YEAR)), to_year: Number(text(d.TO_YEAR)) });
    }
    const nationalities = asArray(item.NATIONALITY).flatMap((nationality) => asArray(record(nationality).VALUE).map(text)).filter(Boolean);
    entries.push(finish({ list: 'un', reference, kind: 'person', primary_name: primary, names, dates_of_birth: dates, nationalities }));
  }
  for (const raw of asArray(record(root.ENTITIES).ENTITY)) {
    const item = record(raw);
    const reference = text(item.REFERENCE_NUMBER) || text(item.DATAID);
    const primary = text(item.FIRST_NAME);
    if (!reference || !primary) throw invalidInput('content', `has an ENTITY without ${reference ? 'FIRST_NAME' : 'REFERENCE_NUMBER'} (DATAID ${text(item.DATAID) || 'unknown'})`);
    const names = [{ name: primary, alias: false }];
    for (const alias of asArray(item.ENTITY_ALIAS)) {
      const name = text(record(alias).ALIAS_NAME);
      if (name) names.push({ name, alias: true });
    }
    const original = text(item.NAME_ORIGINAL_SCRIPT);
    if (original) names.push({ name: original, alias: false });
    entries.push(finish({ list: 'un', reference, kind: 'entity', primary_name: primary, names, dates_of_birth: [], nationalities: [] }));
  }
  return { published_on: /^\d{4}-\d{2}-\d{2}/.test(generated) ? generated.slice(0, 10) : null, entries };
}

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and line breaks. */
export function csvRows(content: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = content.replace(/^\ufeff/, '');
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The UAE list's column headings (Arabic, as published) and what each holds. */
export const UAE_COLUMNS = {
  index: '#',
  category: 'التصنيف',
  nameAr: 'الاسم الكامل (بالحروف العربية)',
  nameLatin: 'الاسم الكامل (بالحروف اللاتينية)',
  birthDate: 'تاريخ الميلاد',
  nationality: 'الجنسية',
  listing: 'قرار الإدراج',
} as const;
/** The category of a person ('terrorist person'); the others are organisations and entities. */
const UAE_PERSON = 'شخص إرهابي';

/** Arabic country names as the UAE list writes nationalities, to the English names the matcher compares. */
const ARABIC_COUNTRIES: Readonly<Record<string, string>> = {
  'مصر': 'Egypt', 'اليمن': 'Yemen', 'السعودية': 'Saudi Arabia', 'الإمارات': 'United Arab Emirates', 'الامارات': 'United Arab Emirates', 'قطر': 'Qatar',
  'العراق': 'Iraq', 'سوريا': 'Syria', 'لبنان': 'Lebanon', 'الكويت': 'Kuwait', 'ليبيا': 'Libya', 'الأردن': 'Jordan', 'السودان': 'Sudan', 'تركيا': 'Turkey',
  'بريطانيا': 'United Kingdom', 'إيران': 'Iran', 'عمان': 'Oman', 'البحرين': 'Bahrain', 'الصومال': 'Somalia', 'أفغانستان': 'Afghanistan', 'باكستان': 'Pakistan',
};

function uaeDate(value: string): ParsedEntry['dates_of_birth'][number] | null {
  const full = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (full) return { date: `${full[3]}-${full[2]!.padStart(2, '0')}-${full[1]!.padStart(2, '0')}` };
  return /^\d{4}$/.test(value) ? { year: Number(value) } : null;
}

export function parseUaeLocalList(content: string): ParsedList {
  if (/^\s*</.test(content)) throw invalidInput('content', 'is XML, not the UAE local list (its sheet saved as CSV with the Arabic header row)');
  const rows = csvRows(content);
  const headerAt = rows.findIndex((row) => row[0]?.trim() === UAE_COLUMNS.index);
  if (headerAt < 0) throw invalidInput('content', "is missing the UAE local list's header row (the row starting with '#')");
  const header = rows[headerAt]!.map((cell) => cell.replace(/\s+/g, ' ').trim());
  const column = (name: string, required: boolean) => {
    const at = header.indexOf(name);
    if (at < 0 && required) throw invalidInput('content', `is missing the column '${name}' of the UAE local list (line ${headerAt + 1})`);
    return at;
  };
  const at = {
    category: column(UAE_COLUMNS.category, true),
    nameAr: column(UAE_COLUMNS.nameAr, false),
    nameLatin: column(UAE_COLUMNS.nameLatin, true),
    birthDate: column(UAE_COLUMNS.birthDate, false),
    nationality: column(UAE_COLUMNS.nationality, false),
  };
  const cell = (row: string[], index: number) => (index < 0 ? '' : (row[index] ?? '').replace(/\s+/g, ' ').trim().replace(/^-$/, ''));
  const entries: ParsedEntry[] = [];
  rows.slice(headerAt + 1).forEach((row, offset) => {
    if (row.every((value) => value.trim() === '')) return;
    const latin = cell(row, at.nameLatin);
    const arabic = cell(row, at.nameAr);
    if (!latin && !arabic) throw invalidInput('content', `has a row without a name at line ${headerAt + offset + 2}`);
    const kind = cell(row, at.category) === UAE_PERSON ? 'person' : 'entity';
    const dob = uaeDate(cell(row, at.birthDate));
    const nationalityAr = cell(row, at.nationality);
    const nationalities = nationalityAr ? [ARABIC_COUNTRIES[nationalityAr] ?? nationalityAr] : [];
    const names = [...(latin ? [{ name: latin, alias: false }] : []), ...(arabic ? [{ name: arabic, alias: false }] : [])];
    // The list has no reference of its own: the row's identity (kind, names, date of birth) makes a stable one.
    const reference = `AE-LT-${hash([kind, latin, arabic, dob]).slice(0, 10)}`;
    entries.push(finish({ list: 'uae-local', reference, kind, primary_name: latin || arabic, names, dates_of_birth: dob ? [dob] : [], nationalities }));
  });
  return { published_on: null, entries };
}

export function parseList(list: SanctionsList, content: string): ParsedList {
  return list === 'un' ? parseUnList(content) : parseUaeLocalList(content);
}
