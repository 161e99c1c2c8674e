import { inflateSync } from 'node:zlib';

/**
 * Each text line a pdfkit printout drew: every content stream inflated, the hex strings of each TJ
 * array decoded. pdfkit's standard fonts encode the middle dot as Latin-1 0xB7; it comes back as
 * '·', so tests can quote the printout as it reads. Shared by the server's printout tests and the
 * browser tests that open a printout.
 */
export function pdfLines(pdf: Buffer): string[] {
  return pdfPages(pdf).flat();
}

/**
 * The text lines of each page, in page order: a pdfkit page is one content stream (the footer
 * written into it afterwards included), so the streams that draw text are the pages.
 */
export function pdfPages(pdf: Buffer): string[][] {
  const pages: string[][] = [];
  const text = pdf.toString('latin1');
  // Each stream's bytes by its dictionary's /Length, not up to the next "endstream": compressed
  // data can end in a carriage return, which a pattern for the line break before "endstream"
  // would take from the data (about one stream in 256), and the stream would not inflate.
  for (const m of text.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, start + Number(m[1]))).toString('latin1');
    } catch {
      continue;
    }
    const lines = [...content.matchAll(/\[([^\]]*)\]\s*TJ/g)].map((tj) =>
      [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'))
        .join('')
        .replace(/\xb7/g, '·'),
    );
    if (lines.length) pages.push(lines);
  }
  return pages;
}
