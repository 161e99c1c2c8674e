import { catSvg } from '../ui/loading-cat-svg.ts';
import { isAprilFools, loadingIndicatorSize, STALE_BUILD_TEXT } from './core-web.ts';

/**
 * What the entry script shows before any variant (and so before React and Mantine) has loaded:
 * plain DOM, a few hundred bytes. The colours follow the scheme public/appearance-boot.js set.
 */

const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif";
const dark = () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark';

/**
 * The loading indicator while the variant loads: the 64-pixel ring, or 1 April's cat, over the
 * words "Loading Caseload…". index.html already shows it (ring and words, beside the empty root),
 * so it is the page's first contentful paint before any script runs (docs/performance.md,
 * "Splitting the first render"); this keeps that one, and draws it into the root (which hides the
 * page's) only where it is missing, or with the cat on 1 April.
 */
const SPIN_KEYFRAMES = '<style>@keyframes caseload-spin{to{transform:rotate(360deg)}}</style>';
const LOADING_STYLE = 'display:flex;flex-direction:column;gap:16px;align-items:center;justify-content:center;height:100dvh';
const STALE_PAGE_STYLE = 'display:flex;align-items:center;justify-content:center;min-height:100dvh;padding:16px';
const STALE_BUTTON_STYLE =
  'font:inherit;font-weight:600;padding:8px 18px;border:0;border-radius:8px;background:#186680;color:#fff;cursor:pointer';

export function showPlainLoading(root: HTMLElement): void {
  const today = new Date();
  if (document.querySelector('[data-boot-splash]') && !isAprilFools(today)) return;
  const size = loadingIndicatorSize(today);
  const ring = `<span style="box-sizing:border-box;display:block;width:${size}px;height:${size}px;border-radius:50%;border:6px solid ${
    dark() ? '#3b3b3b' : '#dee2e6'
  };border-top-color:#1f7895;animation:caseload-spin .8s linear infinite"></span>${SPIN_KEYFRAMES}`;
  root.innerHTML = `<div role="status" aria-label="Loading" style="${LOADING_STYLE}">${
    isAprilFools(today) ? catSvg(size) : ring
  }<p style="margin:0;font:14px/1.4 ${FONT};color:${dark() ? '#a6a7ab' : '#495057'}">Loading Caseload…</p></div>`;
}

/**
 * SPEC.md section 2's stale-build screen, for when the variant itself failed to load (the page is
 * older than the server's build): the same words and button as the React one.
 */
export function showPlainStaleBuild(root: HTMLElement): void {
  const [text, muted] = dark() ? ['#c9c9c9', '#a6a7ab'] : ['#212529', '#495057'];
  root.innerHTML = `<div style="${STALE_PAGE_STYLE};font-family:${FONT};color:${text}">
<div style="max-width:440px;text-align:center">
<h1 style="font-size:24px;font-weight:600;margin:0 0 8px">${STALE_BUILD_TEXT.heading}</h1>
<p style="margin:0 0 20px;color:${muted}">${STALE_BUILD_TEXT.message}</p>
<button type="button" style="${STALE_BUTTON_STYLE}">${STALE_BUILD_TEXT.action}</button>
</div></div>`;
  root.querySelector('button')!.addEventListener('click', () => window.location.reload());
}
