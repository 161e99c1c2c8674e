import type PDFDocument from 'pdfkit';

/** The printout's palette: dark ink on white, one accent, and a colour per status banner. */
export const COLORS = {
  ink: '#1a1a1a',
  muted: '#5f6368',
  rule: '#c8ccd0',
  accent: '#1c4e80',
} as const;

/** A status banner: the word printed large, its colours and the lines under it. */
export interface Banner {
  word: string;
  color: string;
  background: string;
  lines: string[];
}

type Doc = InstanceType<typeof PDFDocument>;

/** The printout's page: US Letter, with room at the foot for the footer. */
export const PAGE_OPTIONS = { size: 'LETTER', margins: { top: 54, bottom: 64, left: 54, right: 54 } } as const;

/**
 * Layout helpers over one pdfkit document (US Letter, margins as set by the caller): the
 * rules, headings, label/value fields, banner and footer every printout section is built from,
 * so the content code only says what to print.
 */
export function printoutLayout(doc: Doc) {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  /** Starts a new page when fewer than `points` remain above the bottom margin. */
  const ensureRoom = (points: number) => {
    if (doc.y + points > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };
  const rule = () => {
    doc
      .moveDown(0.4)
      .strokeColor(COLORS.rule)
      .lineWidth(0.75)
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .stroke()
      .moveDown(0.6);
  };
  const heading = (text: string) => {
    // A heading never sits alone at the bottom of a page: keep room for a few lines after it.
    ensureRoom(80);
    doc
      .moveDown(0.6)
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(COLORS.accent)
      .text(text.toUpperCase(), left, doc.y, { characterSpacing: 0.6 });
    rule();
    doc.fillColor(COLORS.ink);
  };
  const field = (label: string, value: string | undefined) => {
    if (!value) return;
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor(COLORS.muted).text(`${label}: `, left, doc.y, { continued: true, width });
    doc.font('Helvetica').fillColor(COLORS.ink).text(value);
  };

  /** A filled box with the status word and, under it, what the reader must know about it. */
  const banner = (b: Banner) => {
    const padding = 8;
    doc.font('Helvetica').fontSize(9);
    const linesHeight = b.lines.reduce((h, line) => h + doc.heightOfString(line, { width: width - 2 * padding }) + 1, 0);
    const height = padding * 2 + 14 + (b.lines.length ? linesHeight + 2 : 0);
    ensureRoom(height + 8);
    const top = doc.y;
    doc.save().rect(left, top, width, height).fillAndStroke(b.background, b.color).restore();
    doc.rect(left, top, 4, height).fill(b.color);
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(b.color)
      .text(b.word, left + padding + 4, top + padding, { width: width - 2 * padding, characterSpacing: 1 });
    doc.font('Helvetica').fontSize(9).fillColor(COLORS.ink);
    for (const line of b.lines) doc.text(line, left + padding + 4, doc.y + 1, { width: width - 2 * padding - 4 });
    doc.x = left;
    doc.y = top + height + 6;
  };

  /**
   * One footer line: `text` on the left (shortened with an ellipsis when it would not fit) and
   * `pageText` right-aligned in its own measured column, so "Page 1 of 1" never wraps.
   */
  const footer = (text: string, pageText: string) => {
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not start a new page
    const y = doc.page.height - 40;
    doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted);
    const pageWidth = doc.widthOfString(pageText) + 1;
    const gap = 12;
    const room = width - pageWidth - gap;
    doc
      .strokeColor(COLORS.rule)
      .lineWidth(0.5)
      .moveTo(left, y - 6)
      .lineTo(left + width, y - 6)
      .stroke();
    doc.text(fitToWidth(doc, text, room), left, y, { width: room, lineBreak: false });
    doc.text(pageText, left + width - pageWidth, y, { width: pageWidth, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  };

  return { left, width, ensureRoom, rule, heading, field, banner, footer };
}

/** `text` cut to fit `width` points in the current font, ending in an ellipsis when cut. */
export function fitToWidth(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 0 && doc.widthOfString(`${text.slice(0, end).trimEnd()}…`) > width) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

/**
 * How tall `draw` prints, in points, measured on a scratch page of the printout's size; Infinity
 * when it needs more than one page. Used to keep blocks whole: the signatures, and the last
 * section with them.
 */
export function measureHeight(Document: typeof PDFDocument, draw: (doc: Doc, layout: ReturnType<typeof printoutLayout>) => void): number {
  const scratch = new Document({ ...PAGE_OPTIONS, bufferPages: true });
  const top = scratch.y;
  draw(scratch, printoutLayout(scratch));
  const height = scratch.bufferedPageRange().count > 1 ? Infinity : scratch.y - top;
  scratch.end();
  return height;
}

/** The height a page offers between its margins. */
export const pageContentHeight = (doc: Doc): number => doc.page.height - doc.page.margins.top - doc.page.margins.bottom;
