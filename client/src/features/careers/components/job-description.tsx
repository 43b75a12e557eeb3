/**
 * A post's description as the website shows it: plain text, never HTML. Blank lines separate paragraphs, and a
 * run of lines starting with '- ' becomes a list; everything is rendered as React text nodes, so markup in a
 * description shows as the characters typed.
 */
type Block = { kind: 'paragraph'; lines: string[] } | { kind: 'list'; items: string[] };

export function descriptionBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    if (lines.every((line) => line.trimStart().startsWith('- '))) blocks.push({ kind: 'list', items: lines.map((line) => line.trimStart().slice(2)) });
    else blocks.push({ kind: 'paragraph', lines });
  }
  return blocks;
}

export function JobDescription({ text }: { text: string }) {
  return (
    <div className="job-description">
      {descriptionBlocks(text).map((block, index) =>
        block.kind === 'list' ? (
          <ul key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>
            {block.lines.map((line, lineIndex) => (
              <span key={lineIndex}>
                {lineIndex > 0 && <br />}
                {line}
              </span>
            ))}
          </p>
        ),
      )}
    </div>
  );
}
