import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  colors: { caseload },
  primaryColor: 'caseload',
  primaryShade: { light: 7, dark: 6 },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '600' },
  components: {
    // SPEC.md section 2: Escape and a click outside do not close a modal unless the screen asks.
    Modal: { defaultProps: { closeOnEscape: false, closeOnClickOutside: false, centered: true } },
  },
});
