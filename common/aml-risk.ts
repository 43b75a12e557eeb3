/**
 * The risk model, one documented table: each factor's points, added; the total gives low,
 * medium or high, and a PEP among the parties or a country under an FATF call for action makes it high
 * whatever the total. The reviewer sees every factor with its points. Next review by level:
 * RISK_REVIEW_MONTHS. High risk needs enhanced due diligence (EDD_ITEMS) and a second ADMIN's approval.
 *
 * | Factor | Points |
 * |---|---|
 * | Customer type: a company held through other companies | 1 per layer beyond the first (up to 3) |
 * | A party's nationality or residence under increased monitoring (FATF grey list) | 2 (once) |
 * | A party's nationality or residence under a call for action (FATF black list) | 5, and high |
 * | A politically exposed person among the parties | 3, and high |
 * | Sector: high (HIGH_RISK_SECTORS) / medium | 2 / 1 |
 * | Services: handling the client's money / forming companies or CFO services | 2 / 1 (highest counts) |
 * | Onboarded without meeting face to face | 1 |
 * | A confirmed sanctions match (the freeze re-rates the file at once: CONFIRMED_MATCH_FACTOR) | 10, and high |
 *
 * Total 0-2 low, 3-5 medium, 6 or more high.
 */
import { HIGH_RISK_COUNTRIES, countryLabel } from './aml-countries.ts';
import { addDays, type IsoDate } from './calendar.ts';

export const SECTORS = ['professional_services', 'retail', 'technology', 'construction', 'hospitality', 'logistics', 'general_trading', 'real_estate', 'precious_metals', 'virtual_assets', 'money_services'] as const;
export type Sector = (typeof SECTORS)[number];
export const SECTOR_LABELS: Record<Sector, string> = {
  professional_services: 'Professional services', retail: 'Retail', technology: 'Technology', construction: 'Construction', hospitality: 'Hospitality',
  logistics: 'Logistics', general_trading: 'General trading', real_estate: 'Real estate', precious_metals: 'Precious metals and stones', virtual_assets: 'Virtual assets', money_services: 'Money services',
};
const SECTOR_POINTS: Record<Sector, number> = {
  professional_services: 0, retail: 0, technology: 0, construction: 1, hospitality: 1, logistics: 1, general_trading: 2, real_estate: 2, precious_metals: 2, virtual_assets: 2, money_services: 2,
};

export const SERVICES = ['bookkeeping', 'vat', 'corporate_tax', 'payroll', 'cfo', 'company_formation', 'client_money'] as const;
export type Service = (typeof SERVICES)[number];
export const SERVICE_LABELS: Record<Service, string> = {
  bookkeeping: 'Bookkeeping', vat: 'VAT returns', corporate_tax: 'Corporate tax', payroll: 'Payroll', cfo: 'CFO services', company_formation: 'Company formation', client_money: "Handling the client's money",
};
const SERVICE_POINTS: Record<Service, number> = { bookkeeping: 0, vat: 0, corporate_tax: 0, payroll: 0, cfo: 1, company_formation: 1, client_money: 2 };

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
/** The next review, months after the rating, by level (one policy table). */
export const RISK_REVIEW_MONTHS: Record<RiskLevel, number> = { low: 36, medium: 24, high: 12 };
/** Days before a review date or an ID's expiry the reviewer gets a task. */
export const REVIEW_NOTICE_DAYS = 30;

/** What the reviewer enters; the rest comes from the parties. */
export interface RiskAnswers {
  sector: Sector;
  services: readonly Service[];
  face_to_face: boolean;
}

/** What the model reads of the parties. */
export interface RiskParties {
  layers: number;
  parties: readonly { name: string; nationality: string | null; residence: string | null; pep: boolean }[];
}

export interface RiskFactor {
  factor: string;
  points: number;
  detail: string;
}

export interface RiskResult {
  level: RiskLevel;
  score: number;
  factors: RiskFactor[];
}

export function rateRisk(answers: RiskAnswers, input: RiskParties): RiskResult {
  const factors: RiskFactor[] = [];
  let forcedHigh = false;
  const layers = Math.min(3, Math.max(0, input.layers - 1));
  if (layers > 0) factors.push({ factor: 'Customer type', points: layers, detail: `Held through ${input.layers} layers of companies` });
  const black = new Set<string>();
  const grey = new Set<string>();
  for (const party of input.parties) {
    for (const code of [party.nationality, party.residence]) {
      if (!code) continue;
      if (HIGH_RISK_COUNTRIES[code] === 'call_for_action') black.add(`${party.name} (${countryLabel(code)})`);
      else if (HIGH_RISK_COUNTRIES[code] === 'increased_monitoring') grey.add(`${party.name} (${countryLabel(code)})`);
    }
  }
  if (black.size > 0) {
    forcedHigh = true;
    factors.push({ factor: 'Country under an FATF call for action', points: 5, detail: [...black].join(', ') });
  } else if (grey.size > 0) factors.push({ factor: 'Country under FATF increased monitoring', points: 2, detail: [...grey].join(', ') });
  const peps = input.parties.filter((party) => party.pep);
  if (peps.length > 0) {
    forcedHigh = true;
    factors.push({ factor: 'Politically exposed person', points: 3, detail: peps.map((party) => party.name).join(', ') });
  }
  const sectorPoints = SECTOR_POINTS[answers.sector];
  factors.push({ factor: 'Sector', points: sectorPoints, detail: SECTOR_LABELS[answers.sector] });
  const services = [...answers.services].sort((a, b) => SERVICE_POINTS[b] - SERVICE_POINTS[a]);
  const servicePoints = services.length > 0 ? SERVICE_POINTS[services[0]!] : 0;
  factors.push({ factor: 'Services', points: servicePoints, detail: services.map((service) => SERVICE_LABELS[service]).join(', ') || 'None' });
  if (!answers.face_to_face) factors.push({ factor: 'Onboarding', points: 1, detail: 'Not met face to face' });
  const score = factors.reduce((sum, factor) => sum + factor.points, 0);
  const level: RiskLevel = forcedHigh || score >= 6 ? 'high' : score >= 3 ? 'medium' : 'low';
  return { level, score, factors };
}

/** What enhanced due diligence needs before a high-risk client is approved. */
export const EDD_ITEMS = ['source_of_funds', 'source_of_wealth', 'evidence', 'second_approval'] as const;
export type EddItem = (typeof EDD_ITEMS)[number];

/** What the reviewer is given a task for, REVIEW_NOTICE_DAYS before its date. */
export type AmlDueKind = 'review' | 'id_expiry' | 'licence_expiry';

export interface AmlDueInput {
  registration_id: number;
  client_id: number;
  legal_name: string;
  next_review_on: IsoDate | null;
  licence_expires_on: IsoDate | null;
  parties: readonly { id: number; name: string; id_expires_on: IsoDate | null }[];
}

export interface AmlDueItem {
  /** One task per key: what is due and its date, so a new date is a new item and the same one never twice. */
  key: string;
  kind: AmlDueKind;
  due_on: IsoDate;
  title: string;
}

/** The client's items due within REVIEW_NOTICE_DAYS of today (or already past), each with its task's title. */
export function amlDueItems(input: AmlDueInput, today: IsoDate): AmlDueItem[] {
  const horizon = addDays(today, REVIEW_NOTICE_DAYS);
  const items: AmlDueItem[] = [];
  if (input.next_review_on !== null && input.next_review_on <= horizon) {
    items.push({ key: `review:${input.registration_id}:${input.next_review_on}`, kind: 'review', due_on: input.next_review_on, title: `AML review of ${input.legal_name} due ${input.next_review_on}` });
  }
  for (const party of input.parties) {
    if (party.id_expires_on === null || party.id_expires_on > horizon) continue;
    items.push({ key: `id:${party.id}:${party.id_expires_on}`, kind: 'id_expiry', due_on: party.id_expires_on, title: `ID of ${party.name} (${input.legal_name}) expires ${party.id_expires_on}: ask for the renewed one` });
  }
  if (input.licence_expires_on !== null && input.licence_expires_on <= horizon) {
    items.push({ key: `licence:${input.client_id}:${input.licence_expires_on}`, kind: 'licence_expiry', due_on: input.licence_expires_on, title: `Trade licence of ${input.legal_name} expires ${input.licence_expires_on}: ask for the renewed one` });
  }
  return items;
}

/** What an EDD evidence document proves, per beneficial owner or PEP: both are needed before the second approval. */
export const EDD_EVIDENCE_TOPICS = ['source_of_funds', 'source_of_wealth'] as const;
export type EddEvidenceTopic = (typeof EDD_EVIDENCE_TOPICS)[number];
export const EDD_EVIDENCE_LABELS: Record<EddEvidenceTopic, string> = { source_of_funds: 'source of funds', source_of_wealth: 'source of wealth' };
/** A party's evidence documents, at most (each up to the documents' MAX_DOCUMENT_BYTES). */
export const MAX_EDD_EVIDENCE_PER_PARTY = 10;

/**
 * A confirmed sanctions match re-rates the client at once (the freeze): its own factor with the match as the
 * detail, these points, and high whatever the total, until a person rates the file again.
 */
export const CONFIRMED_MATCH_FACTOR = 'Confirmed sanctions match';
export const CONFIRMED_MATCH_POINTS = 10;
