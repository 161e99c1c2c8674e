/**
 * Dates on the portal are the patient's own calendar: their device's time zone and language,
 * since the portal is read at home on a phone, not in the practice.
 */
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "Mar 7, 2026" for a timestamp or a yyyy-MM-dd date; '' when absent or unreadable. */
export function portalDate(value: string | undefined): string {
  if (!value) return '';
  // A bare date is a calendar day, not midnight UTC (which is the day before west of Greenwich).
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : DAY.format(date);
}
