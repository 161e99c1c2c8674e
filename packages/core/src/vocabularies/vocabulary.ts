import type { Coding } from '../people/types.ts';

/** One code of a vocabulary; `system` is set only when it differs from the vocabulary's own. */
export interface Concept {
  code: string;
  display: string;
  /** For the few concepts drawn from another code system (e.g. HL7 null flavours "asked but declined"). */
  system?: string;
}

/**
 * A coded vocabulary (SPEC.md section 3) as data: the code system it names and its concepts in
 * the order a picker shows them. Server validation, the demo population and the web pickers all
 * read these lists, so a code is defined once.
 */
export interface Vocabulary<C extends Concept = Concept> {
  system: string;
  concepts: readonly C[];
}

/** The concept with this code, or undefined. */
export function findConcept<C extends Concept>(vocab: Vocabulary<C>, code: string | undefined | null): C | undefined {
  if (code === undefined || code === null) return undefined;
  return vocab.concepts.find((c) => c.code === code);
}

/** True when the code is one of the vocabulary's. */
export function hasConcept(vocab: Vocabulary, code: string | undefined | null): boolean {
  return findConcept(vocab, code) !== undefined;
}

/** The codes of a vocabulary, in order (for `oneOf` validation and pickers). */
export function conceptCodes(vocab: Vocabulary): string[] {
  return vocab.concepts.map((c) => c.code);
}

/**
 * A `Coding` for a code of the vocabulary, with its system and display; throws for an unknown
 * code, because a coding built from a typo would be stored as if it were valid.
 */
export function toCoding(vocab: Vocabulary, code: string): Coding {
  const concept = findConcept(vocab, code);
  if (!concept) throw new Error(`${code} is not a code of ${vocab.system}.`);
  return { system: concept.system ?? vocab.system, code: concept.code, display: concept.display };
}

/** Builds a vocabulary from `[code, display]` pairs (keeps the data files short). */
export function vocabulary(system: string, pairs: readonly (readonly [string, string])[], extra: readonly Concept[] = []): Vocabulary {
  return { system, concepts: [...pairs.map(([code, display]) => ({ code, display })), ...extra] };
}
