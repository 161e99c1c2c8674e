import { sha256Hex } from './sha256.ts';
import type { Answers, ResponseSignature } from './types.ts';

/** JSON with object keys sorted at every level, so equal answers always hash the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The hex sha-256 a signature records: of the canonical JSON of the answers it signs. */
export function hashAnswers(answers: Answers): string {
  return sha256Hex(canonicalJson(answers ?? {}));
}

/**
 * The signatures with every one whose answers have changed since it was made marked void (kept,
 * not removed: the record of who signed what stays). Already void ones stay void.
 */
export function voidChangedSignatures(
  signatures: readonly ResponseSignature[] | undefined,
  answers: Answers,
  now: string,
): ResponseSignature[] {
  const hash = hashAnswers(answers);
  return (signatures ?? []).map((s) => (s.voided || s.answersHash === hash ? s : { ...s, voided: true, voidedAt: now }));
}

/** Whether a Signature question is signed: a signature for it (or for the whole response) still valid. */
export function isSigned(signatures: readonly ResponseSignature[] | undefined, linkId: string): boolean {
  return (signatures ?? []).some((s) => !s.voided && (s.linkId === undefined || s.linkId === linkId));
}
