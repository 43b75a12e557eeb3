import { describe, expect, it } from 'vitest';
import { idTokenOf } from '../../common/server/token-verifier.ts';

/** The pattern idTokenOf replaced (per call it cost more than the rest of the token check): the reference. */
const REFERENCE = /^Firebase[ \t]+(\S.*?)[ \t]*$/i;
const reference = (header: string | undefined) => REFERENCE.exec(header ?? '')?.[1];

/** Characters that decide the match: blanks, other white space, line terminators, token characters. */
const ALPHABET = [' ', '\t', 'a', 'Z', '.', '-', '_', '\n', '\r', '\u2028', '\u00a0', '\v', '\f', '\ufeff', 'é'];

/** A small deterministic generator (mulberry32), so a failure names a reproducible input. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('idTokenOf', () => {
  it.each([
    ['Firebase abc.def', 'abc.def'],
    ['firebase \t abc.def \t ', 'abc.def'],
    ['FIREBASE abc def', 'abc def'],
    ['Firebase', undefined],
    ['Firebase    ', undefined],
    ['Firebaseabc', undefined],
    ['Bearer abc', undefined],
    [' Firebase abc', undefined],
    ['Firebase \u00a0abc', undefined],
    ['Firebase abc\ndef', undefined],
    ['Firebase abc\u00a0', 'abc\u00a0'],
    [undefined, undefined],
    ['', undefined],
  ])('reads %j as %j', (header, token) => {
    expect(idTokenOf(header)).toBe(token);
    expect(reference(header)).toBe(token);
  });

  it('gives the reference pattern\'s token for 20,000 generated headers', () => {
    const next = random(20261125);
    const schemes = ['Firebase', 'firebase', 'FireBase', 'Firebas', 'Bearer', ''];
    let differing: string | undefined;
    let tokens = 0;
    for (let i = 0; i < 20_000 && differing === undefined; i++) {
      // Most headers get the blank a token needs, so matches are common.
      let header = schemes[Math.floor(next() * schemes.length)]! + (next() < 0.7 ? ' ' : '');
      const length = Math.floor(next() * 12);
      for (let j = 0; j < length; j++) header += ALPHABET[Math.floor(next() * ALPHABET.length)]!;
      if (idTokenOf(header) !== reference(header)) differing = header;
      if (reference(header) !== undefined) tokens++;
    }
    expect(differing).toBeUndefined();
    // The generator reaches both answers often, so the comparison is not one-sided.
    expect(tokens).toBeGreaterThan(1_000);
  });
});
