/** The error screen's illustration: a torn page with a plaster on it, drawn in the theme's colours. */
export function ErrorIllustration() {
  return (
    <svg width="160" height="128" viewBox="0 0 160 128" aria-hidden data-testid="error-illustration">
      <ellipse cx="80" cy="118" rx="56" ry="6" fill="var(--mantine-color-default-border)" />
      <path
        d="M38 12 H98 L118 32 V58 L108 64 L118 72 L106 80 L118 88 V108 H38 V86 L48 78 L38 70 L50 62 L38 54 Z"
        fill="var(--mantine-color-body)"
        stroke="var(--mantine-color-caseload-light-color)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M98 12 V32 H118" fill="none" stroke="var(--mantine-color-caseload-light-color)" strokeWidth="3" strokeLinejoin="round" />
      <path
        d="M52 30 H84 M52 42 H94 M60 96 H102 M66 84 H100"
        stroke="var(--mantine-color-caseload-light-hover)"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <g transform="rotate(-28 78 66)">
        <rect x="50" y="58" width="56" height="17" rx="8.5" fill="var(--mantine-color-orange-3)" />
        <rect x="68" y="58" width="20" height="17" fill="var(--mantine-color-orange-2)" />
        <circle cx="73" cy="63" r="1.4" fill="var(--mantine-color-orange-5)" />
        <circle cx="83" cy="63" r="1.4" fill="var(--mantine-color-orange-5)" />
        <circle cx="73" cy="70" r="1.4" fill="var(--mantine-color-orange-5)" />
        <circle cx="83" cy="70" r="1.4" fill="var(--mantine-color-orange-5)" />
      </g>
    </svg>
  );
}
