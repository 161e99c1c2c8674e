/**
 * Text helpers the transcript parsers share: cue times, speaker prefixes and the markup captions
 * carry. Pure functions.
 */

/** `hh:mm:ss.ttt`, `mm:ss.ttt` (WebVTT) or `hh:mm:ss,ttt` (SRT) as seconds; undefined when malformed. */
export function parseCueTime(text: string): number | undefined {
  const match = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)[.,](\d{1,3})$/.exec(text.trim());
  if (!match) return undefined;
  const [, h, m, s, ms] = match;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms!.padEnd(3, '0')) / 1000;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', quot: '"', apos: "'", lrm: '', rlm: '' };

/** Caption markup removed (`<i>`, `<c.x>`, `<00:00:01.000>`) and entities decoded. */
export function plainCaptionText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A line's speaker label and the rest: `Clinician: How was the week?`, `[Patient] Better.`,
 * `DR. REYES: ...`. A label is short (up to five words, no sentence punctuation) so that
 * "Note: the patient said ..." style prose with a long lead-in is not taken for one.
 */
export function splitSpeaker(line: string): { speaker?: string; text: string } {
  const bracketed = /^\[([^\]]{1,60})\]\s*(.*)$/.exec(line);
  if (bracketed) return { speaker: bracketed[1]!.trim(), text: bracketed[2]!.trim() };
  const colon = /^([A-Za-z][\w .'-]{0,59}?)\s*:\s+(.*)$/.exec(line);
  if (colon && colon[1]!.trim().split(/\s+/).length <= 5 && !/[.?!]\s/.test(colon[1]!)) {
    return { speaker: colon[1]!.trim(), text: colon[2]!.trim() };
  }
  return { text: line.trim() };
}

/** Lines of a text file, whatever its line endings, without a byte-order mark. */
export function linesOf(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
}

/** Blocks of lines separated by blank lines, each with the 1-based line number it starts on. */
export function blocksOf(text: string): { line: number; lines: string[] }[] {
  const blocks: { line: number; lines: string[] }[] = [];
  let current: { line: number; lines: string[] } | undefined;
  linesOf(text).forEach((raw, index) => {
    if (raw.trim() === '') {
      current = undefined;
      return;
    }
    if (!current) {
      current = { line: index + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(raw);
  });
  return blocks;
}
