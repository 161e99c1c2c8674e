import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('CSV cells', () => {
  it('quotes every cell and doubles its quotes; commas and line breaks stay inside the quotes', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi", then\r\nleave')).toBe('"say ""hi"", then\r\nleave"');
    expect(csvCell(undefined)).toBe('""');
    expect(csvLine(['a', undefined, 'c'])).toBe('"a","","c"\r\n');
  });

  it('neutralises cells a spreadsheet would read as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}HYPERLINK("http://evil")`)).toBe(`"'${start}HYPERLINK(""http://evil"")"`);
    }
    // Only the first character matters: a formula sign later in the text is just text.
    expect(csvCell('a=1')).toBe('"a=1"');
    expect(csvCell("'=already")).toBe(`"'=already"`);
  });
});
