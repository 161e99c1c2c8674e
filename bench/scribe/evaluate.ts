import { SCRIBE_FORMATS, structureTranscript, type TranscriptSegment } from '@caseload/core';
import { SESSIONS } from './sessions.ts';

/**
 * The built-in structurer on the evaluation set (docs/performance.md, "Scribe"):
 * - placement accuracy: of the key sentences, the share whose segment is cited by a generated
 *   sentence in the expected section;
 * - evidence precision: of the segment ids generated sentences cite, the share that are key
 *   sentences expected in that sentence's section.
 * Run: npx tsx bench/scribe/evaluate.ts
 */
let expected = 0;
let placed = 0;
let cited = 0;
let correct = 0;
const byFormat = new Map<string, { expected: number; placed: number }>();
for (const session of SESSIONS) {
  const segments: TranscriptSegment[] = session.turns.map(([speaker, text], i) => ({ id: `s${i + 1}`, speaker, text }));
  const expectedSection = new Map<string, string>(
    session.turns.flatMap(([, , section], i): [string, string][] => (section ? [[`s${i + 1}`, section]] : [])),
  );
  const draft = structureTranscript({ format: session.format, sections: SCRIBE_FORMATS[session.format], segments });
  const citedIn = new Map<string, Set<string>>();
  for (const section of draft.sections) {
    for (const sentence of section.sentences) {
      for (const id of sentence.evidence) {
        cited += 1;
        if (expectedSection.get(id) === section.key) correct += 1;
        citedIn.set(id, (citedIn.get(id) ?? new Set()).add(section.key));
      }
    }
  }
  const tally = byFormat.get(session.format) ?? { expected: 0, placed: 0 };
  for (const [id, section] of expectedSection) {
    expected += 1;
    tally.expected += 1;
    if (citedIn.get(id)?.has(section)) {
      placed += 1;
      tally.placed += 1;
    }
  }
  byFormat.set(session.format, tally);
}
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
console.log(`sessions: ${SESSIONS.length}, key sentences: ${expected}`);
console.log(`section placement accuracy: ${pct(placed, expected)} (${placed}/${expected})`);
console.log(`evidence precision: ${pct(correct, cited)} (${correct}/${cited})`);
for (const [format, t] of byFormat) console.log(`  ${format}: placement ${pct(t.placed, t.expected)} (${t.placed}/${t.expected})`);
