import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { GRID_SIZE, ICON_SIZES, INTENT_COLORS, Intents, mixColors, scaleColors, spectral, type Intent } from '../platform/core-web.ts';

/**
 * A calm blue-teal. Shades 6 to 9 carry white text at 5:1 or better (WCAG AA). Filled buttons use 7
 * in the light scheme and 6 in the dark one, where a focused field's border (the primary colour)
 * must still stand out 3:1 from the dark surface; dark-scheme links use 4 (4.7:1 on the body).
 */
const caseload: MantineColorsTuple = [
  '#e7f3f6',
  '#cfe5eb',
  '#a0ccd8',
  '#6cb0c3',
  '#4299b1',
  '#2a8aa5',
  '#1f7895',
  '#186680',
  '#11566c',
  '#0a4556',
];

/**
 * Ten shades around an intent's colour (core's INTENT_COLORS), which sits at shade 7 like the
 * primary's: tints toward white below it, shades toward black above.
 */
function shadesOf(base: string): MantineColorsTuple {
  const tints = [0.08, 0.18, 0.32, 0.48, 0.64, 0.8, 0.9].map((t) => mixColors('#ffffff', base, t));
  return [...tints, base, mixColors(base, '#000000', 0.15), mixColors(base, '#000000', 0.3)] as unknown as MantineColorsTuple;
}

const intentColors = Object.fromEntries(
  Intents.filter((i: Intent) => i !== 'primary').map((i: Intent) => [`intent-${i}`, shadesOf(INTENT_COLORS[i])]),
) as Record<string, MantineColorsTuple>;

/** Icon sizes (16 standard, 20 large) and the layout grid, from core's design tokens. */
export const ICON_SIZE = ICON_SIZES;
export { GRID_SIZE };

export const theme = createTheme({
  colors: { caseload, ...intentColors },
  primaryColor: 'caseload',
  primaryShade: { light: 7, dark: 6 },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '600' },
  focusRing: 'auto',
  other: { charts: { scaleColors, spectral }, iconSize: ICON_SIZES, gridSize: GRID_SIZE },
  components: {
    // SPEC.md section 2: Escape and a click outside do not close a modal unless the screen asks.
    Modal: { defaultProps: { closeOnEscape: false, closeOnClickOutside: false, centered: true } },
  },
});
