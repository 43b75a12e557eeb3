/**
 * Sanctions name matching on our own table of variants (each should match its list entry) and non-matches
 * (each should not): recall and false positives are printed, and held to 100 % and none.
 */
import { describe, expect, it } from 'vitest';
import { buildIndex, nameScore, nameTokens, screen, type ListEntryForMatch, type ScreenQuery } from '../../common/aml-matching.ts';

const entries: ListEntryForMatch[] = [
  { id: 1, list: 'un', reference: 'QDi.901', kind: 'person', names: [{ name: 'Mohammed Abdul Rahman Al-Hashimi', alias: false }, { name: 'Abu Tariq', alias: true }, { name: 'محمد عبد الرحمن الهاشمي', alias: false }], dates_of_birth: [{ year: 1975 }], nationalities: ['Yemen'] },
  { id: 2, list: 'un', reference: 'QDi.902', kind: 'person', names: [{ name: 'Yousef Hussein Khalil', alias: false }, { name: 'Youssef Husain', alias: true }], dates_of_birth: [{ date: '1968-03-14' }], nationalities: ['IQ'] },
  { id: 3, list: 'uae-local', reference: 'AE-L-17', kind: 'person', names: [{ name: 'Ahmad Saeed Al Mansoori', alias: false }, { name: 'أحمد سعيد المنصوري', alias: false }], dates_of_birth: [{ from_year: 1980, to_year: 1983 }], nationalities: ['AE'] },
  { id: 4, list: 'un', reference: 'QDe.300', kind: 'entity', names: [{ name: 'Crescent Horizon General Trading LLC', alias: false }, { name: 'Crescent Horizon Co.', alias: true }], dates_of_birth: [], nationalities: [] },
  { id: 5, list: 'un', reference: 'QDi.903', kind: 'person', names: [{ name: 'José María Ñúñez Ortega', alias: false }], dates_of_birth: [{ year: 1960 }], nationalities: ['CO'] },
];
const index = buildIndex(entries);

const person = (name: string, extra: Partial<ScreenQuery> = {}): ScreenQuery => ({ name, kind: 'person', ...extra });

/** [query, the entry it must find] */
const variants: [ScreenQuery, number][] = [
  [person('Muhammad Abdulrahman Al Hashimi'), 1],
  [person('Mohamad Abd al-Rahman El-Hashimi'), 1],
  [person('MOHAMED ABDUL-RAHMAN HASHIMI'), 1],
  [person('Hashimi, Mohammed Abdul Rahman'), 1],
  [person('Mohammed Al-Hashimi'), 1],
  [person('محمد عبدالرحمن الهاشمي'), 1],
  [person('Abu Tariq'), 1],
  [person('Yusuf Hussain Khalil', { date_of_birth: '1968-03-14' }), 2],
  [person('Youssef Husain'), 2],
  [person('Khalil Yousef'), 2],
  [person('Ahmed Said Al-Mansoori', { date_of_birth: '1981-06-01', nationality: 'AE' }), 3],
  [person('أحمد سعيد المنصوري'), 3],
  [person('Jose Maria Nunez Ortega'), 5],
  [person('jose-maria nunez'), 5],
  [{ name: 'Crescent Horizon Trading', kind: 'entity' }, 4],
  [{ name: 'CRESCENT HORIZON L.L.C.', kind: 'entity' }, 4],
];

const nonMatches: ScreenQuery[] = [
  person('Mohammed Ali'),
  person('Fatima Al Suwaidi'),
  person('Yousef Hamdan'),
  person('Ahmad Khan'),
  person('Rohan Mehta'),
  person('Mohammed Abdul Rahman Al-Hashimi', { date_of_birth: '1999-02-02', nationality: 'GB' }),
  person('Yousef Hussein Khalil', { date_of_birth: '2001-05-05', nationality: 'FR' }),
  { name: 'Horizon Logistics FZE', kind: 'entity' },
  person('Crescent Horizon'),
  person('Abdullah Saeed'),
];

describe('name matching', () => {
  it('folds transliterations, particles and Abd compounds to the same parts', () => {
    expect(nameTokens('Abdul Rahman')).toEqual(nameTokens('Abdulrahman'));
    expect(nameTokens('Abd al-Rahman')).toEqual(nameTokens('Abdulrahman'));
    expect(new Set(['Mohammed', 'Muhammad', 'Mohamad', 'Mohamed'].map((name) => nameTokens(name).join()))).toHaveProperty('size', 1);
    expect(new Set(['Yousef', 'Yusuf', 'Youssef'].map((name) => nameTokens(name).join()))).toHaveProperty('size', 1);
    expect(new Set(['Hussein', 'Husain', 'Hussain'].map((name) => nameTokens(name).join()))).toHaveProperty('size', 1);
    expect(nameTokens('Al-Hashimi')).toEqual(nameTokens('El Hashimi'));
    expect(nameTokens('Ñúñez')).toEqual(nameTokens('nunez'));
  });

  it('finds every variant and none of the non-matches (recall and false positives printed)', () => {
    const missed = variants.filter(([query, id]) => screen(index, query)[0]?.entry_id !== id);
    const falsePositives = nonMatches.filter((query) => screen(index, query).length > 0);
    const recall = (variants.length - missed.length) / variants.length;
    console.log(`aml matching: recall ${(recall * 100).toFixed(1)} % (${variants.length - missed.length}/${variants.length}), false positives ${falsePositives.length}/${nonMatches.length}`);
    expect(missed.map(([query]) => query.name)).toEqual([]);
    expect(falsePositives.map((query) => query.name)).toEqual([]);
  });

  it('says why: the list, reference, name or alias, the score and the facts', () => {
    const [candidate] = screen(index, person('Yusuf Hussain Khalil', { date_of_birth: '1968-03-14', nationality: 'IQ' }));
    expect(candidate).toMatchObject({ list: 'un', reference: 'QDi.902', matched_name: 'Yousef Hussein Khalil', alias: false, date_of_birth: 'agrees', nationality: 'agrees' });
    expect(candidate!.score).toBeGreaterThan(candidate!.name_score - 1);
    expect(candidate!.reasons.join(' ')).toMatch(/Date of birth agrees/);
    const [alias] = screen(index, person('Youssef Husain'));
    expect(alias).toMatchObject({ matched_name: 'Youssef Husain', alias: true });
  });

  it('lowers the score when the date of birth contradicts', () => {
    const agreeing = screen(index, person('Ahmad Saeed Al Mansoori', { date_of_birth: '1982-01-01' }))[0]!;
    const contradicting = screen(index, person('Ahmad Saeed Al Mansoori', { date_of_birth: '1950-01-01' }), { threshold: 0 })[0]!;
    expect(agreeing.date_of_birth).toBe('agrees');
    expect(contradicting.date_of_birth).toBe('differs');
    expect(contradicting.score).toBeLessThan(agreeing.score);
  });

  it('the index finds exactly what scoring every name finds (typos, reordered and missing parts, Arabic)', () => {
    // Generated names from crowded parts with one-letter typos, so the index's deletion keys and its score bound are what decides.
    const given = ['Mohammed', 'Muhammad', 'Abdul Rahman', 'Ali', 'Aly', 'Yousef', 'Yusof', 'Hussein', 'Khalid', 'Khaleda', 'Ahmad', 'Omar', 'Omari', 'Rashid', 'Saeed'];
    const family = ['Al Hashimi', 'Hashemi', 'Khalil', 'Khalili', 'Al Marri', 'Mari', 'Haddad', 'Hadad', 'Al Shamsi', 'Shamsy', 'Nasser', 'Naser', 'Ortega', 'Orteja', 'محمد الهاشمي'];
    let seed = 11;
    const pick = <T,>(values: readonly T[]): T => values[(seed = (seed * 16_807) % 2_147_483_647) % values.length]!;
    const nameOf = (parts: number) => Array.from({ length: parts }, (_, at) => (at === parts - 1 ? pick(family) : pick(given))).join(' ');
    const generated: ListEntryForMatch[] = Array.from({ length: 400 }, (_, at) => ({
      id: at + 1, list: 'un', reference: `G.${at + 1}`, kind: 'person', names: [1, 2, 3, 4].map((parts) => ({ name: nameOf(parts), alias: parts !== 3 })), dates_of_birth: [], nationalities: [],
    }));
    const generatedIndex = buildIndex(generated);
    const listedTokens = generated.map((entry) => ({ id: entry.id, names: entry.names.map((listed) => nameTokens(listed.name)) }));
    let matched = 0;
    for (let query = 0; query < 150; query += 1) {
      const name = nameOf(1 + (query % 4));
      for (const threshold of [60, 80]) {
        const tokens = nameTokens(name);
        const expected = listedTokens
          .map((entry) => ({ id: entry.id, score: Math.round(100 * Math.max(...entry.names.map((listed) => nameScore(tokens, listed)))) }))
          .filter((entry) => entry.score > 0 && entry.score >= threshold)
          .map((entry) => `${entry.id}:${entry.score}`)
          .sort();
        const found = screen(generatedIndex, person(name), { threshold }).map((candidate) => `${candidate.entry_id}:${candidate.name_score}`).sort();
        expect(found, `${name} at ${threshold}`).toEqual(expected);
        matched += found.length;
      }
    }
    expect(matched).toBeGreaterThan(500);
  });
});
