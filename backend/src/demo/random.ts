/** Repeatable randomness and names for the demo data: two fresh starts show the same records. */

/** mulberry32: a tiny repeatable generator. */
export function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pickWith =
  (random: () => number) =>
  <T>(values: readonly T[]): T =>
    values[Math.floor(random() * values.length)]!;

export const DAY_MS = 86_400_000;

export const FIRST_NAMES = [
  'Ahmed', 'Mariam', 'Khalid', 'Noura', 'Rajesh', 'Anita', 'Yousef', 'Hind', 'Tariq', 'Reem', 'Sanjay', 'Lina', 'Faisal',
  'Huda', 'Arjun', 'Dana', 'Mohammed', 'Salma', 'Kiran', 'Joanna', 'Ibrahim', 'Aaliyah', 'Nikhil', 'Rania',
] as const;
export const LAST_NAMES = [
  'Al Maktoum', 'Al Falasi', 'Kapoor', 'Haddad', 'Pereira', 'Al Nuaimi', 'Iyer', 'Saleh', 'Al Marzouqi', 'Fernandes',
  'Nasser', 'Pillai', 'Al Hashimi', 'Youssef', 'Menon', 'Al Shamsi', 'Rizvi', 'Abboud',
] as const;
