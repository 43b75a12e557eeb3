/**
 * AML due diligence: the parties of a registration (who owns and controls the client) and the
 * rules on them, as pure functions the back end applies and the console shows: shares per level, the
 * Emirates ID form, ownership loops, ID expiry, and the ultimate beneficial owners (Federal Decree-Law 10 of
 * 2025: natural persons holding 25 % or more directly or through companies, percentages multiplied down a
 * chain, or controlling otherwise; where nobody qualifies, the senior managing official).
 */
import { addDays, addMonths, type IsoDate } from './calendar.ts';
import type { Phase } from './pipeline.ts';

export const PARTY_KINDS = ['person', 'company'] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];

/** A party's roles; a shareholder has a share. 'controller' is control by other means than shares (a veto, a trust). */
export const PARTY_ROLES = ['shareholder', 'director', 'manager', 'signatory', 'controller'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];
export const PARTY_ROLE_LABELS: Record<PartyRole, string> = {
  shareholder: 'Shareholder',
  director: 'Director',
  manager: 'Manager',
  signatory: 'Authorised signatory',
  controller: 'Controls otherwise',
};

export const ID_TYPES = ['emirates_id', 'passport'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const ID_TYPE_LABELS: Record<IdType, string> = { emirates_id: 'Emirates ID', passport: 'Passport' };

export const MAX_PARTY_NAME = 200;
export const MAX_PARTY_TEXT = 2000;
export const MAX_PARTIES = 60;
/** Shares are kept in basis points (hundredths of a percent), so sums and products stay whole numbers. */
export const FULL_SHARE_BP = 10_000;
/** The UBO threshold: 25 %. */
export const UBO_THRESHOLD_BP = 2_500;
/** An ID expiring within this many days (or expired) is flagged. */
export const ID_EXPIRY_WARNING_DAYS = 30;

export const percentToBp = (percent: number): number => Math.round(percent * 100);
export const bpToPercent = (bp: number): number => bp / 100;

/**
 * The Emirates ID number: 15 digits, 784 (the UAE's country code) then the year of birth, seven digits and a
 * Luhn check digit, written with or without dashes (784-1990-1234567-1). Answers the 15 digits, or null.
 */
export function emiratesIdDigits(value: string): string | null {
  const match = /^784-?(\d{4})-?(\d{7})-?(\d)$/.exec(value.trim());
  if (!match) return null;
  const digits = `784${match[1]}${match[2]}${match[3]}`;
  return luhnValid(digits) ? digits : null;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The check digit that makes the 14 digits a valid Emirates ID (demo data and tests). */
export function emiratesIdCheckDigit(first14: string): string {
  for (let digit = 0; digit <= 9; digit += 1) if (luhnValid(`${first14}${digit}`)) return String(digit);
  throw new Error('unreachable');
}

export type IdExpiry = 'valid' | 'expiring' | 'expired';
/** Expired, expiring within ID_EXPIRY_WARNING_DAYS, or valid (no expiry known: valid). */
export function idExpiry(expiresOn: IsoDate | null, today: IsoDate): IdExpiry {
  if (!expiresOn) return 'valid';
  if (expiresOn < today) return 'expired';
  return expiresOn <= addDays(today, ID_EXPIRY_WARNING_DAYS) ? 'expiring' : 'valid';
}

/** What the rules need of a party. `owner_party_id` null: it holds its share in the client itself. */
export interface PartyNode {
  id: number;
  kind: PartyKind;
  name: string;
  owner_party_id: number | null;
  share_bp: number | null;
  roles: readonly PartyRole[];
  date_of_birth: string | null;
  registration_number: string | null;
}

/** The party's chain of owners up to the client (itself first); null when the chain loops. */
export function chainOf(parties: readonly PartyNode[], id: number): PartyNode[] | null {
  const byId = new Map(parties.map((party) => [party.id, party]));
  const chain: PartyNode[] = [];
  const seen = new Set<number>();
  let current = byId.get(id);
  while (current) {
    if (seen.has(current.id)) return null;
    seen.add(current.id);
    chain.push(current);
    current = current.owner_party_id === null ? undefined : byId.get(current.owner_party_id);
  }
  return chain;
}

const companyKey = (party: PartyNode) => (party.registration_number ? `reg:${party.registration_number.trim().toLowerCase()}` : `name:${party.name.trim().toLowerCase()}`);

/**
 * Why the parties as they would be cannot stand, or null: a company owned (directly or down its chain) by
 * itself, shares at one level above 100 %, an owner that is not a company, a shareholder without a share.
 */
export function partiesProblem(parties: readonly PartyNode[]): { field: string; problem: string } | null {
  const byId = new Map(parties.map((party) => [party.id, party]));
  for (const party of parties) {
    if (party.owner_party_id !== null) {
      const owner = byId.get(party.owner_party_id);
      if (!owner) return { field: 'owner_party_id', problem: 'must be a party of this registration' };
      if (owner.kind !== 'company') return { field: 'owner_party_id', problem: 'must be a company: only a company has shareholders' };
    }
    if (party.roles.includes('shareholder') !== (party.share_bp !== null)) {
      return { field: 'share_percent', problem: party.share_bp === null ? 'must be given for a shareholder' : 'is only for a shareholder' };
    }
    const chain = chainOf(parties, party.id);
    if (!chain) return { field: 'owner_party_id', problem: 'would make a company own itself through a loop' };
    if (party.kind === 'company') {
      const key = companyKey(party);
      if (chain.slice(1).some((owner) => companyKey(owner) === key)) return { field: 'owner_party_id', problem: 'would make a company own itself through a loop' };
    }
  }
  const totals = new Map<number | null, number>();
  for (const party of parties) if (party.share_bp !== null) totals.set(party.owner_party_id, (totals.get(party.owner_party_id) ?? 0) + party.share_bp);
  for (const [owner, total] of totals) {
    if (total > FULL_SHARE_BP) {
      const where = owner === null ? 'the client' : byId.get(owner)?.name ?? 'a company';
      return { field: 'share_percent', problem: `would bring the shares in ${where} to ${bpToPercent(total)} %, above 100 %` };
    }
  }
  return null;
}

export type UboBasis = 'ownership' | 'control' | 'senior_managing_official';
export const UBO_BASIS_LABELS: Record<UboBasis, string> = {
  ownership: 'Owns 25 % or more',
  control: 'Controls otherwise',
  senior_managing_official: 'Senior managing official (nobody owns 25 %)',
};

export interface Ubo {
  /** The party rows of this person (one person may hold directly and through companies). */
  party_ids: number[];
  name: string;
  /** The share held in the client, all chains added, in basis points. */
  effective_bp: number;
  basis: UboBasis;
  /** Each chain as people read it: 'Holding LLC 60 % › Ahmed 50 %'. */
  chains: string[];
}

/** Whose source of funds and of wealth enhanced due diligence proves: every beneficial owner and PEP who is a person. */
export function needsEddEvidence(party: { id: number; kind: PartyKind; pep: boolean }, uboIds: ReadonlySet<number>): boolean {
  return party.kind === 'person' && (party.pep || uboIds.has(party.id));
}

const personKey = (party: PartyNode) => `${party.name.trim().toLowerCase().replace(/\s+/g, ' ')}|${party.date_of_birth ?? ''}`;

/**
 * The ultimate beneficial owners: each natural person's share in the client through every chain (each
 * level's share multiplied down), added per person (same name and date of birth); 25 % or more owns, a
 * 'controller' controls; when nobody qualifies, the first manager (else director) is the senior managing
 * official. A chain that loops counts for nothing (partiesProblem refuses it on write).
 */
export function computeUbos(parties: readonly PartyNode[]): Ubo[] {
  const people = new Map<string, { ids: number[]; name: string; bp: number; chains: string[]; controls: boolean; first: number }>();
  parties.forEach((party, index) => {
    if (party.kind !== 'person') return;
    const chain = chainOf(parties, party.id);
    if (!chain) return;
    const key = personKey(party);
    const entry = people.get(key) ?? { ids: [], name: party.name, bp: 0, chains: [], controls: false, first: index };
    entry.ids.push(party.id);
    if (party.roles.includes('controller')) entry.controls = true;
    if (party.share_bp !== null && chain.every((link) => link.share_bp !== null)) {
      entry.bp += chain.reduce((share, link) => (share * (link.share_bp ?? 0)) / FULL_SHARE_BP, FULL_SHARE_BP);
      entry.chains.push([...chain].reverse().map((link) => `${link.name} ${bpToPercent(link.share_bp ?? 0)} %`).join(' › '));
    }
    people.set(key, entry);
  });
  const ubos: Ubo[] = [];
  for (const entry of [...people.values()].sort((a, b) => b.bp - a.bp || a.first - b.first)) {
    // A float product can land a hair under an exact 25 % (three levels of thirds): compare with a tolerance.
    const owns = entry.bp >= UBO_THRESHOLD_BP - 1e-6;
    if (owns || entry.controls) ubos.push({ party_ids: entry.ids, name: entry.name, effective_bp: Math.round(entry.bp), basis: owns ? 'ownership' : 'control', chains: entry.chains });
  }
  if (ubos.length > 0) return ubos;
  const official = parties.find((party) => party.kind === 'person' && party.roles.includes('manager')) ?? parties.find((party) => party.kind === 'person' && party.roles.includes('director'));
  return official ? [{ party_ids: [official.id], name: official.name, effective_bp: 0, basis: 'senior_managing_official', chains: [] }] : [];
}

/** Layers of ownership: the longest chain from the client to a shareholder (1: held directly). */
export function ownershipLayers(parties: readonly PartyNode[]): number {
  let layers = 0;
  for (const party of parties) {
    if (party.share_bp === null) continue;
    const chain = chainOf(parties, party.id);
    if (chain) layers = Math.max(layers, chain.length);
  }
  return layers;
}

/**
 * When the client's side may change its own parties (`me/registration/parties`): with its documents (after
 * the held call), while due diligence reviews them, and when they come back for a correction. Before the
 * call nobody asked for them; after the approval they are the reviewer's evidence.
 */
export const CLIENT_PARTY_PHASES: readonly Phase[] = ['awaiting_documents', 'due_diligence', 'returned'];
export const CLIENT_PARTIES_NOT_NOW = 'Your owners and managers can be changed with your documents, while they are reviewed or when they come back for a correction.';

/**
 * Records kept (Federal Decree-Law 10 of 2025, art. on record keeping): a client's AML records (parties,
 * screenings and decisions, risk assessments, EDD) are kept at least five years after the relationship
 * ended. The end is the day the client's last subscription was cancelled, or the day a registration that
 * never became a client was withdrawn; while the relationship goes on there is no end, so nothing goes.
 */
export const AML_RETENTION_YEARS = 5;

/** The first day the records may be deleted; null while the relationship has not ended. */
export function amlRetainedUntil(relationshipEndedOn: IsoDate | null): IsoDate | null {
  return relationshipEndedOn === null ? null : addMonths(relationshipEndedOn, 12 * AML_RETENTION_YEARS);
}

/**
 * Why the records cannot be deleted today, or null when they may be: a compliance officer's legal hold (its
 * reason given) keeps them whatever their age; else five years after the relationship ended.
 */
export function amlDeletionRefusal(relationshipEndedOn: IsoDate | null, today: IsoDate, legalHold: string | null = null): string | null {
  if (legalHold !== null) return `AML records under a legal hold are kept until a compliance officer lifts it (${legalHold}).`;
  const until = amlRetainedUntil(relationshipEndedOn);
  if (until === null) return 'AML records are kept while the relationship goes on and five years after it ends.';
  if (today < until) return `AML records are kept five years after the relationship ended (${relationshipEndedOn}): not before ${until}.`;
  return null;
}

/**
 * What is wrong with an Emirates ID number, in words a person can act on, or null when it is valid: the form,
 * else the check digit, named with the digit that would make it right (a mistyped digit shows there).
 */
export function emiratesIdProblem(value: string): string | null {
  const match = /^784-?(\d{4})-?(\d{7})-?(\d)$/.exec(value.trim());
  if (!match) return 'must be an Emirates ID number: 15 digits in the form 784-YYYY-NNNNNNN-N';
  const first14 = `784${match[1]}${match[2]}`;
  const expected = emiratesIdCheckDigit(first14);
  return match[3] === expected ? null : `has a wrong check digit: for 784-${match[1]}-${match[2]} the last digit should be ${expected}, not ${match[3]}`;
}

/** A date of birth cannot be after today (Dubai's). */
export const dateOfBirthProblem = (dateOfBirth: IsoDate | null, today: IsoDate): string | null => (dateOfBirth !== null && dateOfBirth > today ? 'must not be in the future' : null);

/**
 * The Latin-letter fields (a person's or company's name as the lists and documents write it): every letter
 * from the Latin script; a person's name holds no digits. The Arabic name has a field of its own.
 */
export function latinNameProblem(value: string, kind: PartyKind): string | null {
  if (/\p{L}/u.test(value.replace(/\p{Script=Latin}/gu, ''))) return 'must be written in Latin letters (the name in Arabic has its own field)';
  if (kind === 'person' && /\p{N}/u.test(value)) return 'must be letters only, without digits';
  return null;
}

/**
 * The levels of ownership whose shares do not add up to 100 % (the client itself, each company with
 * shareholders), for the form to flag before saving: below is allowed while owners are still being added,
 * above is refused on save (partiesProblem).
 */
export function shareTotalsOff(parties: readonly PartyNode[]): { owner_party_id: number | null; where: string; total_percent: number }[] {
  const totals = new Map<number | null, number>();
  for (const party of parties) if (party.share_bp !== null) totals.set(party.owner_party_id, (totals.get(party.owner_party_id) ?? 0) + party.share_bp);
  const byId = new Map(parties.map((party) => [party.id, party]));
  return [...totals]
    .filter(([, total]) => total !== FULL_SHARE_BP)
    .map(([owner, total]) => ({ owner_party_id: owner, where: owner === null ? 'the client' : byId.get(owner)?.name ?? 'a company', total_percent: bpToPercent(total) }));
}

/** Why a party cannot simply be deleted (decisions on file): what to do instead. */
export const WITHDRAW_INSTEAD = 'Withdraw the party instead: it leaves the file and its rules, and stays in the file\'s history.';
