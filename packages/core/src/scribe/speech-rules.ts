/**
 * Speech rules (docs/scribe.md, "Dictation and speech rules"): what a clinician says while
 * dictating ("new paragraph", "period", "P H Q nine") and what it is written as. Rules come from
 * three levels; a phrase defined at a nearer level replaces the farther one: personal over practice
 * over the global templates. A rule with `active: false` switches its phrase off at that level.
 */
export interface SpeechRuleEntry {
  /** The words as spoken ("P H Q nine"); matched ignoring case and the punctuation between them. */
  spoken: string;
  /** What they are written as ("PHQ-9", ".", "\n\n"). */
  written: string;
  active?: boolean;
}

export interface SpeechRuleLevels {
  templates?: readonly SpeechRuleEntry[];
  practice?: readonly SpeechRuleEntry[];
  personal?: readonly SpeechRuleEntry[];
}

/** The global templates seeded on every server (editable by the platform's administrators). */
export const DEFAULT_SPEECH_RULE_TEMPLATES: readonly SpeechRuleEntry[] = [
  { spoken: 'new paragraph', written: '\n\n' },
  { spoken: 'new line', written: '\n' },
  { spoken: 'period', written: '.' },
  { spoken: 'full stop', written: '.' },
  { spoken: 'comma', written: ',' },
  { spoken: 'question mark', written: '?' },
  { spoken: 'colon', written: ':' },
  { spoken: 'P H Q nine', written: 'PHQ-9' },
  { spoken: 'P H Q two', written: 'PHQ-2' },
  { spoken: 'G A D seven', written: 'GAD-7' },
  { spoken: 'C B T', written: 'CBT' },
  { spoken: 'D B T', written: 'DBT' },
];

const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
};

/** The key two rules share when they are the same phrase. */
export const spokenKey = (spoken: string): string => wordsOf(spoken).join(' ');

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter((w) => w !== '');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A spoken word, or its digits when it is a number word (engines write either). */
const wordPattern = (word: string) => {
  const digits = NUMBER_WORDS[word];
  return digits ? `(?:${escape(word)}|${digits})` : escape(word);
};

/** The rules in force: one per phrase, the nearest level's; switched-off phrases removed. */
export function effectiveSpeechRules(levels: SpeechRuleLevels): SpeechRuleEntry[] {
  const byPhrase = new Map<string, SpeechRuleEntry>();
  for (const level of [levels.templates, levels.practice, levels.personal]) {
    for (const rule of level ?? []) {
      const key = spokenKey(rule.spoken);
      if (key !== '') byPhrase.set(key, rule);
    }
  }
  return [...byPhrase.values()].filter((rule) => rule.active !== false);
}

const PUNCTUATION = /^[.,?!:;]$/;

/**
 * Rewrites dictated text by the rules in force: each phrase (longest first, whole words, in one
 * pass so a replacement is never rewritten again) becomes its written form; then the text is
 * tidied as a typist would: no space before punctuation, one after it, no spaces around line
 * breaks, and a capital letter starting the text and each sentence.
 */
export function applySpeechRules(text: string, levels: SpeechRuleLevels): string {
  const rules = effectiveSpeechRules(levels).sort((a, b) => wordsOf(b.spoken).length - wordsOf(a.spoken).length);
  let rewritten = text;
  if (rules.length > 0) {
    // Between spoken words an engine may put spaces, commas, dots or hyphens ("P. H. Q.-9").
    const alternatives = rules.map((rule) => `(${wordsOf(rule.spoken).map(wordPattern).join("[\\s.,\\-']*")})`);
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])\\.?`, 'giu');
    rewritten = text.replace(pattern, (...args: unknown[]) => {
      const groups = args.slice(1, rules.length + 1);
      const written = rules[groups.findIndex((g) => g !== undefined)]!.written;
      return PUNCTUATION.test(written) || written.includes('\n') ? `\uE000${written}\uE000` : written;
    });
  }
  return tidy(rewritten);
}

function tidy(text: string): string {
  return (
    text
      // A command's own marks: drop a mark the engine put next to a spoken punctuation word.
      .replace(/[.,]?\s*\uE000([.,?!:;])\uE000\s*[.,]?/g, '$1 ')
      .replace(/\s*\uE000(\n+)\uE000\s*/g, '$1')
      .replace(/\uE000/g, '')
      .replace(/[ \t]+([.,?!:;])/g, '$1')
      .replace(/([.,?!:;])(?=[\p{L}])/gu, '$1 ')
      .replace(/[ \t]{2,}/g, ' ')
      .replace(/[ \t]*\n[ \t]*/g, '\n')
      .trim()
      .replace(/(^|[.?!]\s+|\n)(\p{Ll})/gu, (_m, before: string, letter: string) => before + letter.toUpperCase())
  );
}
