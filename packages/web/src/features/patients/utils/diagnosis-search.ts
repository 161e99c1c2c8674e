import { DIAGNOSES, type Concept } from '@caseload/core';

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s,;]+/)
    .filter(Boolean);

/**
 * True when a diagnosis answers what was typed: the start of its ICD-10-CM code, with or without
 * the dot ("F32", "f329", "F32.9"), or every typed word at the start of a word of its description
 * in any order ("maj depress" finds "Major depressive disorder ...").
 */
export function matchesDiagnosis(concept: Pick<Concept, 'code' | 'display'>, query: string): boolean {
  const typed = query.trim().toLowerCase();
  if (!typed) return true;
  const code = concept.code.toLowerCase();
  if (code.startsWith(typed) || code.replace('.', '').startsWith(typed.replace('.', ''))) return true;
  const described = words(concept.display);
  return words(typed).every((w) => described.some((d) => d.startsWith(w)));
}

/** The DIAGNOSES answering `query`, codes first in list order, at most `limit`. */
export function searchDiagnoses(query: string, limit = 50): Concept[] {
  return DIAGNOSES.concepts.filter((c) => matchesDiagnosis(c, query)).slice(0, limit);
}

/** How a picker labels a diagnosis: "F32.9 Major depressive disorder, single episode, unspecified". */
export function diagnosisLabel(coding: { code: string; display?: string }): string {
  return `${coding.code} ${coding.display ?? ''}`.trim();
}
