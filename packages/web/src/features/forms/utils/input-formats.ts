/**
 * Text formats the inputs type in and show: Social Security numbers, ZIP codes, and the
 * conversions between the browser's local date-time input and the answer's UTC timestamp.
 */

/** Digits typed into an SSN box, dashed as 999-99-9999 while typing (at most 9 digits). */
export function formatSsnInput(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 9);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

/** An SSN shown masked, only its last four digits visible: ***-**-6789. */
export function maskSsn(value: string): string {
  const d = value.replace(/\D/g, '');
  if (d.length === 0) return '';
  return `***-**-${d.slice(-4).padStart(4, '*')}`;
}

/** Digits typed into a ZIP box: 99999 or 99999-9999. */
export function formatPostalCodeInput(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 9);
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An answer timestamp as the value of a datetime-local input, in the browser's zone ('' if invalid). */
export function isoToLocalInput(iso: unknown): string {
  if (typeof iso !== 'string') return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const d = new Date(t);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A datetime-local input's value as a UTC answer timestamp yyyy-MM-ddTHH:mm:ssZ (undefined when empty or invalid). */
export function localInputToIso(local: string): string | undefined {
  if (!local) return undefined;
  const t = new Date(local).getTime();
  if (Number.isNaN(t)) return undefined;
  return `${new Date(t).toISOString().slice(0, 19)}Z`;
}

/** A number input's value as an answer: a finite number, or undefined while empty or half typed ('1.'). */
export function numberAnswer(value: number | string | undefined | null): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}
