/**
 * The kiosk this tab holds (docs/portal.md, "Kiosk mode"): its token, and where staff go back to.
 * In sessionStorage: it lives as long as the tab, survives a reload, and no other tab sees it.
 */
export interface KioskTicket {
  token: string;
  /** The chart page staff return to once signed in again. */
  returnTo: string;
  /** The staff member who handed the device over, suggested when signing in to leave. */
  staffEmail?: string;
}

const KEY = 'caseload.kiosk';

export function readKiosk(): KioskTicket | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as KioskTicket) : undefined;
  } catch {
    return undefined;
  }
}

export function holdKiosk(ticket: KioskTicket): void {
  sessionStorage.setItem(KEY, JSON.stringify(ticket));
}

export function forgetKiosk(): void {
  sessionStorage.removeItem(KEY);
}
