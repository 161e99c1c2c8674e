/**
 * The kiosk (docs/portal.md, "Kiosk mode"): a packet filled in on the clinic's device, opened from
 * the chart by staff, locked when sent until staff sign in again.
 */
export { KioskPage } from './components/KioskPage.tsx';
export { kioskApi } from './api/kiosk.api.ts';
export { holdKiosk, readKiosk, forgetKiosk, type KioskTicket } from './utils/kiosk-storage.ts';
