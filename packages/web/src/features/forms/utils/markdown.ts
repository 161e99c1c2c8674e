/**
 * The small markdown of FormattedText blocks: paragraphs (blank lines), "- " or "* " lists,
 * "#" headings, **bold** and *italic*. Parsed into plain data, rendered as React elements, never
 * as HTML, so text from a form's author cannot inject markup.
 */
export type MarkdownInline = { kind: 'text' | 'strong' | 'em'; text: string };
export type MarkdownBlock =
  | { kind: 'paragraph'; inline: MarkdownInline[] }
  | { kind: 'heading'; inline: MarkdownInline[] }
  | { kind: 'list'; items: MarkdownInline[][] };

/** The inline runs of one line. */
export function parseInline(text: string): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  const pattern = /\*\*([^*]+)\*\*|\*([^*]+)\*/g;
  let last = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    out.push(m[1] !== undefined ? { kind: 'strong', text: m[1] } : { kind: 'em', text: m[2]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** The blocks of a text. */
export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  for (const chunk of source.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    if (lines.every((l) => /^\s*[-*]\s+/.test(l))) {
      blocks.push({ kind: 'list', items: lines.map((l) => parseInline(l.replace(/^\s*[-*]\s+/, ''))) });
    } else if (lines.length === 1 && /^#{1,6}\s+/.test(lines[0]!)) {
      blocks.push({ kind: 'heading', inline: parseInline(lines[0]!.replace(/^#{1,6}\s+/, '')) });
    } else {
      blocks.push({ kind: 'paragraph', inline: parseInline(lines.join(' ')) });
    }
  }
  return blocks;
}
