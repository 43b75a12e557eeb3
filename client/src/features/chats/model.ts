/** The chat pane's small rules: links inside message text. */

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

/** Message text split into plain text and http(s) links; nothing is ever parsed as HTML. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const href = match[0].replace(/[.,;:!?)]+$/, '');
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

