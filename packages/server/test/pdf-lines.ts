import { inflateSync } from 'node:zlib';

/**
 * Each text line a pdfkit printout drew: every content stream inflated, the hex strings of each TJ
 * array decoded. pdfkit's standard fonts encode the middle dot as Latin-1 0xB7; it comes back as
 * '·', so tests can quote the printout as it reads. Shared by the server's printout tests and the
 * browser tests that open a printout.
 */
export function pdfLines(pdf: Buffer): string[] {
  const out: string[] = [];
  for (const m of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      out.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return out.map((line) => line.replace(/\xb7/g, '·'));
}
