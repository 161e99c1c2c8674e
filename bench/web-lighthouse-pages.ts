import { DEMO_SEED } from '../packages/server/src/demo/demo-population.ts';
import { DEMO_DOMAIN, DEMO_PRACTICE, DEMO_PASSWORD, demoEmail } from '../packages/server/src/demo/demo-practice.ts';
import { demoId } from '../packages/server/src/demo/demo-ids.ts';
import { DEMO_ADMINISTRATIVE, signInCookies } from './web-support.ts';

/**
 * The pages bench/web-lighthouse.ts measures, by key (LIGHTHOUSE_PAGES): the sign-in page signed
 * out and the staff shell as the demo's Administrative user (issue 4); the patient portal as the
 * demo's portal patient (issue 23): its home, the Paperwork list, the packet waiting for her
 * (`sent:portal` of demo-packets.ts, not started) being filled in, her appointments; and the
 * clinic's kiosk on that packet, opened by the demo's Case Management clinician (who may assign
 * packets). `portal` names every portal page and the kiosk.
 */

export interface Cookie {
  name: string;
  value: string;
  url: string;
}

export interface LighthousePage {
  key: string;
  name: string;
  url: string;
  /** The path the page must still show once loaded (else the run measured some other page). */
  path: string;
  /** The browser's cookie jar for the run: empty is signed out. */
  cookies: Cookie[];
  /** Whether performance has a target here too (issue 4's pages); the portal's target is accessibility (issue 23). */
  judgesPerformance: boolean;
  /** Put in the tab's sessionStorage before the page's scripts run (the kiosk's ticket). */
  sessionStorage?: Record<string, string>;
}

export const PORTAL_PAGES = ['portal-home', 'portal-paperwork', 'portal-packet', 'portal-appointments', 'kiosk'];
export const ALL_PAGES = ['sign-in', 'shell', ...PORTAL_PAGES];

const PORTAL_PATIENT = { email: demoEmail('Patient', DEMO_DOMAIN), password: DEMO_PASSWORD, practiceId: DEMO_PRACTICE };
const CLINICIAN = { email: demoEmail('Case Management', DEMO_DOMAIN), password: DEMO_PASSWORD, practiceId: DEMO_PRACTICE };
/** The portal patient's "Adult intake" (demo-packets.ts, `writeSentPacketsDemo`). */
const PORTAL_PACKET = demoId(DEMO_SEED, 'PacketResponse', 'sent:portal');

/** `a=b; c=d` as the cookies of `url`. */
function jar(header: string, url: string): Cookie[] {
  return header.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}

/** Opens the clinic's kiosk on the portal patient's packet, as staff do with "Fill in the clinic"; answers its token. */
async function openKiosk(url: string): Promise<string> {
  const { cookie, xsrf } = await signInCookies(url, CLINICIAN);
  const response = await fetch(`${url}/api/v1/practices/${DEMO_PRACTICE}/PacketResponses/${PORTAL_PACKET}/kiosk`, {
    method: 'POST',
    headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
    body: '{}',
  });
  if (response.status !== 200 && response.status !== 201)
    throw new Error(`opening the kiosk failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** The pages asked for (`keys`, `portal` for all of the portal's), each with what its run needs. */
export async function lighthousePages(url: string, keys: string[]): Promise<LighthousePage[]> {
  const wanted = new Set(keys.flatMap((k) => (k === 'portal' ? PORTAL_PAGES : [k])));
  const pages: LighthousePage[] = [];
  if (wanted.has('sign-in'))
    pages.push({ key: 'sign-in', name: 'sign-in page', url: `${url}/sign-in`, path: '/sign-in', cookies: [], judgesPerformance: true });
  if (wanted.has('shell')) {
    const { cookie } = await signInCookies(url, DEMO_ADMINISTRATIVE);
    pages.push({ key: 'shell', name: 'shell (signed in)', url: `${url}/`, path: '/', cookies: jar(cookie, url), judgesPerformance: true });
  }
  const portal = [
    { key: 'portal-home', name: 'portal home', path: '/' },
    { key: 'portal-paperwork', name: 'portal Paperwork', path: '/my-packets' },
    { key: 'portal-packet', name: 'portal packet being filled', path: `/my-packets/${PORTAL_PACKET}` },
    { key: 'portal-appointments', name: 'portal Appointments', path: '/my-appointments' },
  ].filter((p) => wanted.has(p.key));
  if (portal.length) {
    const cookies = jar((await signInCookies(url, PORTAL_PATIENT)).cookie, url);
    for (const p of portal) pages.push({ ...p, url: `${url}${p.path}`, cookies, judgesPerformance: false });
  }
  if (wanted.has('kiosk')) {
    const ticket = { token: await openKiosk(url), returnTo: '/', staffEmail: CLINICIAN.email };
    pages.push({
      key: 'kiosk',
      name: 'kiosk (clinic tablet)',
      url: `${url}/kiosk`,
      path: '/kiosk',
      cookies: [],
      judgesPerformance: false,
      sessionStorage: { 'caseload.kiosk': JSON.stringify(ticket) },
    });
  }
  return pages;
}
