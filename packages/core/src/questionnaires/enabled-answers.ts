import { isEnabled } from './enable-when.ts';
import type { Answers, QuestionnaireItem } from './types.ts';

/**
 * The linkIds that are enabled for these answers. An item is disabled when its conditions fail
 * or its parent is disabled, and a disabled question's answer does not count for others'
 * conditions; so this repeats until nothing changes (at most once per item, as each round can
 * only disable more).
 */
export function enabledLinkIds(items: readonly QuestionnaireItem[], answers: Answers): Set<string> {
  let current: Answers = { ...answers };
  for (let round = 0; ; round++) {
    const enabled = new Set<string>();
    const walk = (list: readonly QuestionnaireItem[] | undefined) => {
      for (const item of list ?? []) {
        if (!isEnabled(item, current)) continue;
        enabled.add(item.linkId);
        if (item.type !== 'Grid') walk(item.items);
      }
    };
    walk(items);
    const next = pick(answers, enabled);
    if (sameKeys(next, current) || round > 1000) return enabled;
    current = next;
  }
}

/** Answers without those of disabled items (disabled answers are ignored and not stored). */
export function enabledAnswers(items: readonly QuestionnaireItem[], answers: Answers): Answers {
  return pick(answers, enabledLinkIds(items, answers));
}

/** Only the answers of the given linkIds; answers of linkIds the questionnaire lacks stay out too. */
function pick(answers: Answers, keep: Set<string>): Answers {
  const out: Answers = {};
  for (const [key, value] of Object.entries(answers ?? {})) if (keep.has(key)) out[key] = value;
  return out;
}

function sameKeys(a: Answers, b: Answers): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k));
}
