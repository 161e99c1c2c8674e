import { isKnownTimeZone } from '../notes/zoned-time.ts';

/**
 * The practice's time zone when its PracticePreferences name none (or one the platform does not
 * know): the product serves US practices, and a practice elsewhere sets its own (docs/notes.md).
 */
export const DEFAULT_PRACTICE_TIME_ZONE = 'America/New_York';

/**
 * The practice's IANA time zone, `timeZone` of its preferences: the one clock every clinical time
 * is read and shown on, by the server (rules, queues, printouts, e-mails) and the browser alike.
 */
export function practiceTimeZone(preferences: object | undefined): string {
  const zone = (preferences as { timeZone?: unknown } | undefined)?.timeZone;
  return typeof zone === 'string' && isKnownTimeZone(zone) ? zone : DEFAULT_PRACTICE_TIME_ZONE;
}
