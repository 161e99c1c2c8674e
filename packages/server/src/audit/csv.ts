/**
 * CSV as RFC 4180 writes it (every cell quoted, CRLF line ends), made safe to open in a spreadsheet:
 * a cell that starts with a character a spreadsheet reads as a formula (`=`, `+`, `-`, `@`, a tab
 * or a carriage return: OWASP's "CSV injection") gets a leading `'`, so it shows as the text it
 * is and never runs. Audit events carry text a user typed (descriptions, queries, user agents).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised when it could start a formula, quoted, its quotes doubled. */
export function csvCell(value: string | undefined): string {
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** One line of cells, ending in CRLF. */
export function csvLine(cells: readonly (string | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
