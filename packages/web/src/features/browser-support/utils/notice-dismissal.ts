import { browserSupport, type BrowserHints } from '../../../platform/core-web.ts';

/** Remembers, per browser version (its user agent), that the user chose to carry on. */
const STORAGE_KEY = 'caseload:unsupported-browser-notice';

/** Show the notice to a browser outside the supported list that has not been told before. */
export function shouldShowUnsupportedNotice(userAgent: string, dismissedFor: string | null, hints: BrowserHints = {}): boolean {
  return !browserSupport(userAgent, hints).modern && dismissedFor !== userAgent;
}

export function readDismissal(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function saveDismissal(userAgent: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, userAgent);
  } catch {
    // Not remembered: the notice shows again next load, which is only a click.
  }
}
