import { SUPPORTED_BROWSERS } from '../../platform/core-web.ts';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

/**
 * The fallback for desktop legacy Internet Explorer (SPEC.md section 1): Caseload cannot run
 * there, so a plain page (no React, no Mantine) says which browsers can. A real Internet Explorer
 * never runs module scripts at all; it gets the same words from public/legacy-notice.js.
 */
const PAGE_STYLE =
  'max-width:520px;margin:64px auto;padding:24px 28px;border:1px solid #dee2e6;border-radius:12px;' +
  "font-family:'Segoe UI',system-ui,Arial,sans-serif;color:#212529;background:#fff;line-height:1.55";

export function mount(root: HTMLElement): void {
  document.title = 'Use a supported browser · Caseload';
  const items = SUPPORTED_BROWSERS.map((browser) => `<li>${escape(browser)}</li>`).join('');
  root.innerHTML = `<main style="${PAGE_STYLE}">
<p style="margin:0 0 16px;font-weight:650;font-size:22px;color:#186680">Caseload</p>
<h1 style="font-size:22px;margin:0 0 12px">This browser can't run Caseload</h1>
<p style="margin:0 0 8px">Internet Explorer is no longer supported. Open Caseload in one of these browsers:</p>
<ul style="margin:0 0 12px;padding-left:22px">${items}</ul>
</main>`;
}
