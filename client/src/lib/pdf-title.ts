/**
 * Chromium's PDF viewer titles a document with its /Title, or else with the last part of its address,
 * which for the blob: URL a preview needs (the file is fetched with the API token) is a random id. So the
 * preview's copy gets an incremental update (ISO 32000-1, 7.5.6): a document information dictionary whose
 * /Title is the file name, a one-entry cross-reference section and a trailer pointing back at the file's
 * own. The original bytes stay as they are, before it; a file whose trailer it cannot find, or an
 * encrypted one, is shown unchanged. Downloads are never altered.
 */

/** A PDF text string in UTF-16BE with its byte order mark, as hex: any character of a file name survives. */
function textString(value: string): string {
  let hex = 'FEFF';
  for (let index = 0; index < value.length; index += 1) hex += value.charCodeAt(index).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

const last = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].at(-1);

/** The update to append to `bytes` so its title reads `title`, or null when the file is not one to touch. */
export function titleUpdate(bytes: Uint8Array, title: string): string | null {
  const text = new TextDecoder('latin1').decode(bytes);
  if (/\/Encrypt\b/.test(text)) return null;
  const previous = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text.slice(-1024));
  const root = last(text, /\/Root\s+(\d+)\s+(\d+)\s+R/g);
  const size = last(text, /\/Size\s+(\d+)/g);
  if (!previous || !root || !size) return null;
  const number = Number(size[1]);
  const lead = text.endsWith('\n') ? '' : '\n';
  const objectAt = bytes.length + lead.length;
  const object = `${number} 0 obj\n<< /Title ${textString(title)} >>\nendobj\n`;
  const xrefAt = objectAt + object.length;
  return (
    `${lead}${object}xref\n${number} 1\n${String(objectAt).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${number + 1} /Root ${root[1]} ${root[2]} R /Info ${number} 0 R /Prev ${previous[1]} >>\nstartxref\n${xrefAt}\n%%EOF\n`
  );
}

/** The PDF to preview, titled with its file name when the file allows it. */
export async function titledPdf(file: Blob, title: string): Promise<Blob> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const update = titleUpdate(bytes, title);
  return update === null ? file : new Blob([bytes, update], { type: 'application/pdf' });
}
