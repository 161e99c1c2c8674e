/**
 * The text formats of answers (docs/forms.md). Dates and timestamps are the product's own
 * (validation/date-time-formats.ts: isCalendarDate, isDateTime); a Time answer may leave out its
 * seconds; the US formats are what their names promise.
 */
export const ANSWER_FORMATS = {
  /** HH:mm:ss, 24-hour; seconds may be left out (HH:mm). */
  time: /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/,
  /** A US phone number of 10 digits, written (555) 123-4567, 555-123-4567 or 5551234567, optional +1. */
  phone: /^(\+?1[\s.-]?)?(\(\d{3}\)\s?|\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}$/,
  /** The SocialSecurityNumber mask 999-99-9999. */
  ssn: /^\d{3}-\d{2}-\d{4}$/,
  /** A ZIP code or ZIP+4. */
  postalCode: /^\d{5}(-\d{4})?$/,
  /** The id of a linkId: no dots, since answers and issue paths are dotted. */
  linkId: /^[A-Za-z0-9_-]{1,64}$/,
} as const;

/** An amount in dollars with at most cents (USCurrency): 12, 12.5, 12.34, not 12.345. */
export function hasCentsPrecision(value: number): boolean {
  const cents = value * 100;
  return Number.isFinite(cents) && Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** A Time answer in seconds since midnight, to compare with min and max. */
export function timeOfDaySeconds(value: string): number {
  const [h, m, s] = value.split(':').map(Number);
  return h! * 3600 + m! * 60 + (s ?? 0);
}
