/**
 * Sanctions name matching, pure: a party's name against every name and alias of the list
 * entries, in Latin or Arabic script. Names are normalised (case, diacritics, punctuation ignored), split
 * into parts compared in any order (a missing middle name costs little), Arabic particles dropped and the
 * common transliterations of Arabic names folded to one spelling (TRANSLITERATIONS); then a date of birth
 * or nationality that agrees raises the score and one that contradicts lowers it. Every candidate says why.
 * The approach follows OpenSanctions' (rigour's name parts, yente's logic-v1 scoring), written anew.
 */

export type ScreenKind = 'person' | 'entity';

/** A list entry as the matcher reads it. */
export interface ListEntryForMatch {
  id: number;
  list: string;
  reference: string;
  kind: ScreenKind;
  /** The primary name first, then every alias (Latin), then the original-script names. */
  names: readonly { name: string; alias: boolean }[];
  /** Full dates (YYYY-MM-DD), years, or year ranges the list gives. */
  dates_of_birth: readonly { date?: string; year?: number; from_year?: number; to_year?: number }[];
  /** ISO 3166 alpha-2 codes, or the list's country names (compared normalised). */
  nationalities: readonly string[];
}

export interface ScreenQuery {
  name: string;
  /** A second spelling (the Arabic name of a person). */
  other_names?: readonly string[];
  date_of_birth?: string | null;
  nationality?: string | null;
  kind: ScreenKind;
}

export type FactAgreement = 'agrees' | 'differs' | 'unknown';

export interface Candidate {
  entry_id: number;
  list: string;
  reference: string;
  /** The list's name or alias that matched best. */
  matched_name: string;
  alias: boolean;
  /** 0-100. */
  score: number;
  name_score: number;
  date_of_birth: FactAgreement;
  nationality: FactAgreement;
  /** One sentence per reason, for the reviewer. */
  reasons: string[];
}

/** Scores at or above it are a potential match (0-100). */
export const MATCH_THRESHOLD = 80;

/**
 * Spellings of the same Arabic name, folded to the first. Sources: the list (Mohammed, Muhammad,
 * Mohamad, Mohamed; Yousef, Yusuf, Youssef; Hussein, Husain, Hussain) and the usual variants beside them.
 */
const TRANSLITERATIONS: readonly (readonly string[])[] = [
  ['muhammad', 'mohammed', 'mohammad', 'mohamad', 'mohamed', 'muhammed', 'mohamet', 'mohd', 'muhamad', 'mahomed', 'mouhamed', 'mohammod'],
  ['yusuf', 'yousef', 'youssef', 'yousif', 'yusef', 'yousuf', 'youcef', 'yossef', 'yousof'],
  ['husayn', 'hussein', 'husain', 'hussain', 'husein', 'hossein', 'hussien', 'housain', 'husseyn'],
  ['hasan', 'hassan', 'hasen', 'hassen'],
  ['ahmad', 'ahmed', 'ahmet', 'ehmed'],
  ['mahmud', 'mahmoud', 'mahmood', 'mehmud'],
  ['mustafa', 'mostafa', 'moustafa', 'mustapha', 'mostapha'],
  ['umar', 'omar', 'omer', 'umer'],
  ['uthman', 'othman', 'osman', 'usman', 'outhman'],
  ['ali', 'aly'],
  ['khalid', 'khaled', 'khaleed'],
  ['said', 'saeed', 'saied', 'sayed', 'sayid', 'sayyid'],
  ['abdallah', 'abdullah', 'abdulla', 'abdalla', 'abdellah'],
  ['ibrahim', 'ebrahim', 'ibraheem', 'brahim'],
  ['ismail', 'ismael', 'esmail', 'ismaeel'],
  ['yahya', 'yehia', 'yahia', 'yehya'],
  ['faisal', 'faysal', 'feisal'],
  ['salih', 'saleh', 'salah'],
  ['nasir', 'nasser', 'naser', 'nassir'],
  ['jamal', 'gamal'],
  ['qasim', 'kassem', 'qassim', 'kasim', 'qassem'],
  ['karim', 'kareem'],
  ['rashid', 'rasheed', 'rachid'],
  ['hamid', 'hameed', 'hamed'],
  ['fatima', 'fatimah', 'fatma', 'fatemeh'],
  ['aisha', 'aysha', 'aicha', 'ayesha', 'aishah'],
  ['maryam', 'mariam', 'meryem'],
  ['zaynab', 'zainab', 'zeinab'],
];
const FOLD = new Map<string, string>(TRANSLITERATIONS.flatMap((group) => group.map((spelling) => [spelling, group[0]!] as const)));

/** Particles that carry no identity of their own: 'al', 'el' (al-, el-), 'bin', 'ibn', 'bint', 'ould'. */
const PARTICLES = new Set(['al', 'el', 'bin', 'ibn', 'bint', 'ben', 'ould', 'ul', 'ud', 'ad', 'as', 'ar', 'az', 'an', 'ash', 'at']);
/** Company words that say nothing about which company it is. */
const ENTITY_WORDS = new Set(['llc', 'l.l.c', 'fze', 'fzco', 'fz', 'ltd', 'limited', 'inc', 'co', 'company', 'est', 'establishment', 'trading', 'group', 'holding', 'holdings', 'the', 'and', 'of', 'for', 'general', 'sa', 'plc', 'gmbh']);
/** Compounds with 'Abd' (servant of): Abdul Rahman, Abdulrahman, Abd al-Rahman, Abdel Rahman are one name. */
const ABD = /^abd(?:ul|ur|ul|el|al|ol|u|e|i)?$/;
const ABD_GLUED = /^abd(?:ul|el|al|ol|ur|ar|u|e)?(.{3,})$/;

const ARABIC_LETTERS = /[\u0600-\u06ff]/;

/** Arabic script: diacritics and tatweel removed, alef, hamza, ta marbuta and alef maqsura forms folded, 'ال' and 'بن' dropped. */
function arabicTokens(text: string): string[] {
  const plain = text
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/[^\u0621-\u064a\s]/g, ' ');
  const tokens: string[] = [];
  const words = plain.split(/\s+/).filter(Boolean);
  for (let index = 0; index < words.length; index += 1) {
    let word = words[index]!;
    if (word === 'بن' || word === 'بنت' || word === 'ابن' || word === 'ال') continue;
    // عبد الرحمن and عبدالرحمن are one name.
    if (word === 'عبد' && words[index + 1]) {
      word = `عبد${words[index + 1]!.replace(/^ال/, '')}`;
      index += 1;
    } else if (word.startsWith('عبدال')) word = `عبد${word.slice(5)}`;
    else if (word.startsWith('ال') && word.length > 3) word = word.slice(2);
    tokens.push(word);
  }
  return tokens;
}

/** A Latin name part reduced to a skeleton spellings share: doubled letters, 'ou'/'oo', 'ee', 'ph', a final 'h'. */
function skeleton(token: string): string {
  return token.replace(/ph/g, 'f').replace(/ou|oo/g, 'u').replace(/ee|ei|ie/g, 'i').replace(/(.)\1+/g, '$1').replace(/(?<=..)h$/, '');
}

/** The name parts compared: normalised, particles dropped, 'Abd' compounds joined, transliterations folded. */
export function nameTokens(name: string, kind: ScreenKind = 'person'): string[] {
  if (ARABIC_LETTERS.test(name)) return arabicTokens(name);
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`ʿʾ]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter(Boolean);
  const tokens: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    let word = words[index]!;
    if (PARTICLES.has(word)) continue;
    if (kind === 'entity' && ENTITY_WORDS.has(word)) continue;
    if (ABD.test(word) && words[index + 1]) {
      let next = index + 1;
      if (PARTICLES.has(words[next]!) && words[next + 1]) next += 1;
      word = `abd${words[next]!}`;
      index = next;
    } else {
      const glued = ABD_GLUED.exec(word);
      if (glued && !FOLD.has(word)) word = `abd${glued[1]!.replace(/^(?:al|el|ar|ur|ul)(?=.{3})/, '')}`;
    }
    const folded = FOLD.get(word) ?? word;
    tokens.push(folded.startsWith('abd') ? `abd${skeleton(FOLD.get(folded.slice(3)) ?? folded.slice(3))}` : skeleton(folded));
  }
  return tokens;
}

/** Levenshtein similarity of two parts, 0-1. */
function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 1;
  if (Math.abs(a.length - b.length) > 2) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = current;
  }
  return 1 - previous[b.length]! / longest;
}

/** A part counts as the same when it is equal, or one letter off in five (a typo, a vowel). */
const PART_MATCH = 0.8;

/**
 * How well two names agree, 0-1: parts paired greedily best first in any order; what matched over the
 * shorter name (a missing middle name costs little), with a smaller weight over the longer one. A
 * one-part name matches only a one-part name: 'Muhammad' alone is not a match for every Muhammad.
 */
export function nameScore(query: readonly string[], candidate: readonly string[]): number {
  if (query.length === 0 || candidate.length === 0) return 0;
  const pairs: { i: number; j: number; s: number }[] = [];
  query.forEach((a, i) => candidate.forEach((b, j) => {
    const s = similarity(a, b);
    if (s >= PART_MATCH) pairs.push({ i, j, s });
  }));
  pairs.sort((x, y) => y.s - x.s);
  const usedI = new Set<number>();
  const usedJ = new Set<number>();
  let matched = 0;
  let count = 0;
  for (const pair of pairs) {
    if (usedI.has(pair.i) || usedJ.has(pair.j)) continue;
    usedI.add(pair.i);
    usedJ.add(pair.j);
    matched += pair.s;
    count += 1;
  }
  const shorter = Math.min(query.length, candidate.length);
  const longer = Math.max(query.length, candidate.length);
  if (count < Math.min(2, shorter)) return 0;
  return 0.85 * (matched / shorter) + 0.15 * (matched / longer);
}

const yearOfDate = (date: string) => Number(date.slice(0, 4));

function dobAgreement(query: string | null | undefined, entry: ListEntryForMatch): FactAgreement {
  if (!query || entry.dates_of_birth.length === 0) return 'unknown';
  const year = yearOfDate(query);
  for (const known of entry.dates_of_birth) {
    if (known.date === query) return 'agrees';
    if (!known.date && known.year === year) return 'agrees';
    if (known.from_year !== undefined && known.to_year !== undefined && year >= known.from_year && year <= known.to_year) return 'agrees';
    // A list date whose year is the party's (the month or day differs): the same person with a wrong day
    // is likelier than a contradiction, so it neither raises nor lowers.
    if (known.date && yearOfDate(known.date) === year) return 'unknown';
  }
  return 'differs';
}

const countryKey = (value: string) => value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z]/g, '');

function nationalityAgreement(query: string | null | undefined, entry: ListEntryForMatch, countryNames: (code: string) => readonly string[]): FactAgreement {
  if (!query || entry.nationalities.length === 0) return 'unknown';
  const wanted = new Set([query, ...countryNames(query)].map(countryKey));
  return entry.nationalities.some((nationality) => wanted.has(countryKey(nationality))) ? 'agrees' : 'differs';
}

const FACT_WEIGHT = { dob: { agrees: 10, differs: -15, unknown: 0 }, nationality: { agrees: 5, differs: -10, unknown: 0 } } as const;

/** A prepared name: its tokens once, so a list of 50,000 entries is not normalised again for each party. */
export interface PreparedName {
  entry: ListEntryForMatch;
  name: string;
  alias: boolean;
  tokens: string[];
}

export function prepareEntries(entries: readonly ListEntryForMatch[]): PreparedName[] {
  return entries.flatMap((entry) => entry.names.map((name) => ({ entry, name: name.name, alias: name.alias, tokens: nameTokens(name.name, entry.kind) })));
}

/**
 * An index that finds, for each part of a query, the list's name parts within PART_MATCH of it, and the
 * names holding them. Each distinct part is stored once with its deletion neighbourhood (the part with up
 * to k letters removed, k the most edits PART_MATCH allows at its length): two parts within k edits share
 * a key, so no part a scan would pair is missed, and each key's parts are checked with the same similarity
 * the score uses. A name is scored only when enough of the query's parts occur in it for its best possible
 * score to reach the threshold, so a common part (Muhammad, Abd..., Ali) costs a walk along its postings,
 * not the scoring of every name that holds it.
 */
export interface MatchIndex {
  names: PreparedName[];
  /** Each distinct name part. */
  parts: string[];
  /** Per part (same position), the names holding it. */
  postings: Int32Array[];
  /** Deletion key -> the parts it came from. */
  byKey: Map<string, number[]>;
  /** Per name, reused by every query (screening is synchronous): hits so far, the last query part that counted it, the names touched. */
  scratch: { hits: Uint8Array; seenBy: Int32Array; touched: Int32Array; stamp: number };
  /** Per name, its number of parts: read for every name a query touches, so kept apart from the name objects. */
  lengths: Uint8Array;
}

/** The most edits two parts may differ by and still match, for a part of this length (its partner is at most 5/4 as long). */
const maxEdits = (length: number) => Math.floor(Math.floor((length * 5) / 4) * (1 - PART_MATCH) + 1e-9);

function deletionKeys(part: string): Set<string> {
  const keys = new Set([part]);
  let level = [part];
  for (let depth = maxEdits(part.length); depth > 0; depth -= 1) {
    const next: string[] = [];
    for (const word of level) {
      for (let index = 0; index < word.length; index += 1) {
        const key = word.slice(0, index) + word.slice(index + 1);
        if (!keys.has(key)) {
          keys.add(key);
          next.push(key);
        }
      }
    }
    level = next;
  }
  return keys;
}

export function buildIndex(entries: readonly ListEntryForMatch[]): MatchIndex {
  const names = prepareEntries(entries);
  const partIds = new Map<string, number>();
  const parts: string[] = [];
  const postings: number[][] = [];
  const byKey = new Map<string, number[]>();
  names.forEach((name, position) => {
    for (const part of new Set(name.tokens)) {
      let id = partIds.get(part);
      if (id === undefined) {
        id = parts.length;
        partIds.set(part, id);
        parts.push(part);
        postings.push([]);
        for (const key of deletionKeys(part)) {
          const list = byKey.get(key);
          if (list) list.push(id);
          else byKey.set(key, [id]);
        }
      }
      postings[id]!.push(position);
    }
  });
  return {
    names,
    parts,
    postings: postings.map((list) => Int32Array.from(list)),
    byKey,
    scratch: { hits: new Uint8Array(names.length), seenBy: new Int32Array(names.length), touched: new Int32Array(names.length), stamp: 0 },
    lengths: Uint8Array.from(names, (name) => Math.min(255, name.tokens.length)),
  };
}

/** The index's parts that match `part` (at PART_MATCH or better). */
function matchingParts(index: MatchIndex, part: string): number[] {
  const found = new Set<number>();
  for (const key of deletionKeys(part)) for (const id of index.byKey.get(key) ?? []) found.add(id);
  return [...found].filter((id) => similarity(part, index.parts[id]!) >= PART_MATCH);
}

/**
 * The names that may reach `threshold` against the query's parts: for each name, how many of the query's
 * parts have a matching part in it bounds what nameScore can give (each pair scores at most 1), so names
 * whose bound falls short are never scored.
 */
function namesWorthScoring(index: MatchIndex, tokens: readonly string[], threshold: number): number[] {
  const { hits, seenBy, touched } = index.scratch;
  let touchedCount = 0;
  tokens.forEach((token) => {
    // A stamp per query part, so a name holding two spellings of one part counts it once.
    index.scratch.stamp += 1;
    const stamp = index.scratch.stamp;
    for (const id of matchingParts(index, token)) {
      const postings = index.postings[id]!;
      for (let at = 0; at < postings.length; at += 1) {
        const position = postings[at]!;
        if (seenBy[position] === stamp) continue;
        seenBy[position] = stamp;
        if (hits[position] === 0) touched[touchedCount++] = position;
        hits[position] = Math.min(255, hits[position]! + 1);
      }
    }
  });
  const worth: number[] = [];
  for (let at = 0; at < touchedCount; at += 1) {
    const position = touched[at]!;
    const count = hits[position]!;
    hits[position] = 0;
    const length = index.lengths[position]!;
    const shorter = Math.min(tokens.length, length);
    const longer = Math.max(tokens.length, length);
    const paired = Math.min(count, shorter);
    if (paired < Math.min(2, shorter)) continue;
    if (Math.round(100 * (0.85 * (paired / shorter) + 0.15 * (paired / longer))) < threshold) continue;
    worth.push(position);
  }
  return worth;
}

/** The candidates at or above the threshold, best first, one per list entry, each with its reasons. */
export function screen(index: MatchIndex, query: ScreenQuery, options: { threshold?: number; countryNames?: (code: string) => readonly string[] } = {}): Candidate[] {
  const threshold = options.threshold ?? MATCH_THRESHOLD;
  const countryNames = options.countryNames ?? (() => []);
  const spellings = [query.name, ...(query.other_names ?? [])].filter((name) => name.trim() !== '');
  const best = new Map<number, { name: PreparedName; score: number }>();
  for (const spelling of spellings) {
    const tokens = nameTokens(spelling, query.kind);
    for (const position of namesWorthScoring(index, tokens, threshold)) {
      const name = index.names[position]!;
      if (name.entry.kind !== query.kind) continue;
      const score = nameScore(tokens, name.tokens);
      const current = best.get(name.entry.id);
      if (score > 0 && (!current || score > current.score)) best.set(name.entry.id, { name, score });
    }
  }
  const candidates: Candidate[] = [];
  for (const { name, score } of best.values()) {
    const entry = name.entry;
    const dob = query.kind === 'person' ? dobAgreement(query.date_of_birth, entry) : 'unknown';
    const nationality = nationalityAgreement(query.nationality, entry, countryNames);
    const nameScore100 = Math.round(score * 100);
    // Agreeing facts raise a name that matches; they never make a match of a name that does not.
    if (nameScore100 < threshold) continue;
    const total = Math.max(0, Math.min(100, nameScore100 + FACT_WEIGHT.dob[dob] + FACT_WEIGHT.nationality[nationality]));
    if (total < threshold) continue;
    const reasons = [`${name.alias ? 'Alias' : 'Name'} '${name.name}' on ${entry.list.toUpperCase()} ${entry.reference} matches at ${nameScore100}`];
    if (dob !== 'unknown') reasons.push(`Date of birth ${dob === 'agrees' ? 'agrees' : 'differs'} (${entry.dates_of_birth.map(describeDate).join(', ')})`);
    if (nationality !== 'unknown') reasons.push(`Nationality ${nationality === 'agrees' ? 'agrees' : 'differs'} (${entry.nationalities.join(', ')})`);
    candidates.push({ entry_id: entry.id, list: entry.list, reference: entry.reference, matched_name: name.name, alias: name.alias, score: total, name_score: nameScore100, date_of_birth: dob, nationality, reasons });
  }
  return candidates.sort((a, b) => b.score - a.score || a.reference.localeCompare(b.reference));
}

function describeDate(known: ListEntryForMatch['dates_of_birth'][number]): string {
  if (known.date) return known.date;
  if (known.year !== undefined) return String(known.year);
  return `${known.from_year ?? '?'}-${known.to_year ?? '?'}`;
}
