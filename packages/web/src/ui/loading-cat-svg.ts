/**
 * 1 April's loading indicator (SPEC.md section 2): a small cat whose tail swishes while the page
 * waits. Markup rather than a component, so the entry script can show it before React has loaded
 * (src/main.tsx) and the React indicator can show the very same cat.
 */
const TAIL_STYLE =
  'stroke:#868e96;fill:none;stroke-width:6;stroke-linecap:round;transform-origin:70px 78px;' +
  'animation:cl-swish 1.2s ease-in-out infinite alternate';

export function catSvg(size: number): string {
  return `<svg width="${size}" height="${size}" viewBox="0 0 100 100" aria-hidden="true" data-testid="loading-cat">
<style>
.cl-fur{fill:#868e96}.cl-in{fill:#f783ac}.cl-line{stroke:#343a40;stroke-width:1.2;stroke-linecap:round;fill:none}
.cl-eye{fill:#343a40;transform-box:fill-box;transform-origin:center;animation:cl-blink 3s infinite}
.cl-tail{${TAIL_STYLE}}
@keyframes cl-swish{from{transform:rotate(-12deg)}to{transform:rotate(14deg)}}
@keyframes cl-blink{0%,92%,100%{transform:scaleY(1)}95%{transform:scaleY(.1)}}
@media (prefers-reduced-motion:reduce){.cl-tail,.cl-eye{animation:none}}
</style>
<path class="cl-tail" d="M70 78 C 92 78, 96 58, 86 46"/>
<ellipse class="cl-fur" cx="50" cy="74" rx="24" ry="18"/>
<path class="cl-fur" d="M28 30 L32 10 L44 24 Z M72 30 L68 10 L56 24 Z"/>
<circle class="cl-fur" cx="50" cy="40" r="22"/>
<path class="cl-in" d="M31 26 L33 15 L40 23 Z M69 26 L67 15 L60 23 Z M47 46 L53 46 L50 49.5 Z"/>
<ellipse class="cl-eye" cx="42" cy="38" rx="3" ry="4.5"/>
<ellipse class="cl-eye" cx="58" cy="38" rx="3" ry="4.5"/>
<path class="cl-line" d="M46 50 Q50 53 54 50 M30 44 L42 47 M30 50 L42 49 M70 44 L58 47 M70 50 L58 49"/>
<ellipse class="cl-fur" cx="40" cy="90" rx="7" ry="4"/>
<ellipse class="cl-fur" cx="60" cy="90" rx="7" ry="4"/>
</svg>`;
}
