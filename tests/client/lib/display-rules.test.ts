/** Small display rules of the console: avatar initials and the PDF preview's title update. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { titleUpdate } from '../../../client/src/lib/pdf-title.ts';
import { initials, personName } from '../../../client/src/lib/user-name.ts';

describe('avatar initials', () => {
  it('take the first letter or digit of the first two words, leaving punctuation and markup out', () => {
    expect(initials('Aisha Rahman')).toBe('AR');
    expect(initials('<b>Zed</b> "Quinn"')).toBe('ZQ');
    expect(initials('(Sara) -- Khoury Smith')).toBe('SK');
    expect(initials('émile 2nd')).toBe('É2');
    expect(initials('!!!')).toBe('');
  });
});

describe('the PDF preview’s title', () => {
  const pdf = (body: string) => new TextEncoder().encode(body);
  const classic =
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n' +
    'xref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n110\n%%EOF\n';

  it('appends an information dictionary titled with the file name, pointing back at the file’s own cross-reference', () => {
    const bytes = pdf(classic);
    const update = titleUpdate(bytes, 'licence-é.pdf')!;
    expect(update).toContain('3 0 obj\n<< /Title <FEFF006C006900630065006E00630065002D00E9002E007000640066> >>\nendobj\n');
    expect(update).toContain(`xref\n3 1\n${String(bytes.length).padStart(10, '0')} 00000 n \n`);
    expect(update).toContain('trailer\n<< /Size 4 /Root 1 0 R /Info 3 0 R /Prev 110 >>');
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(update)![1]);
    expect(new TextDecoder().decode(new Uint8Array([...bytes, ...pdf(update)])).slice(xrefAt, xrefAt + 4)).toBe('xref');
  });

  it('leaves encrypted files and files without a trailer it can read alone', () => {
    expect(titleUpdate(pdf(classic.replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 5 0 R')), 'a.pdf')).toBeNull();
    expect(titleUpdate(pdf('%PDF-1.4\nnot really a pdf'), 'a.pdf')).toBeNull();
  });
});

describe('a person’s name', () => {
  it('is the display name, else the e-mail, else what the page says for nobody', () => {
    expect(personName({ display_name: 'Mariam Haddad', email: 'mariam@example.com' })).toBe('Mariam Haddad');
    expect(personName({ display_name: null, email: 'mariam@example.com' })).toBe('mariam@example.com');
    expect(personName(null, 'an administrator')).toBe('an administrator');
  });

  it('is formatted by personName alone: no feature spells the fallback itself', () => {
    const root = fileURLToPath(new URL('../../../client/src/features', import.meta.url));
    const spelt = (readdirSync(root, { recursive: true }) as string[])
      .filter((path) => /\.tsx?$/.test(path))
      .flatMap((path) => (/\.display_name \?\? [\w?.]*\.email\b/.test(readFileSync(join(root, path), 'utf8')) ? [path] : []));
    expect(spelt).toEqual([]);
  });
});
