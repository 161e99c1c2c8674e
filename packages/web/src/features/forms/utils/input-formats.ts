/**
 * Text formats the inputs type in and show: Social Security numbers and ZIP codes. (Date-time
 * inputs read on the practice's clock: `usePracticeTime().toInput`/`fromInput`.)
 */

/** Digits typed into an SSN box, dashed as 999-99-9999 while typing (at most 9 digits). */
export function formatSsnInput(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 9);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

/** An SSN shown masked (core's, as printouts mask it): ***-**-6789. */
export { maskSsn } from '@caseload/core';

/** Digits typed into a ZIP box: 99999 or 99999-9999. */
export function formatPostalCodeInput(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 9);
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`;
}

/** A number input's value as an answer: a finite number, or undefined while empty or half typed ('1.'). */
export function numberAnswer(value: number | string | undefined | null): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}
