import type { Intent } from '../enums.ts';

/**
 * The design-system values of SPEC.md sections 2, 3 and 9, shared by the web client's Mantine
 * theme and components. Colours are `#rrggbb`; sizes are CSS pixels; times are milliseconds.
 */

/**
 * The base colour of each intent: a calm clinical palette around the web client's blue-teal
 * primary (`caseload[7]` of packages/web/src/ui/theme.ts). Every one is dark by the brightness
 * rule and carries white text at 5:1 or better (WCAG AA), so a filled intent button is legible.
 */
export const INTENT_COLORS: Readonly<Record<Intent, string>> = {
  /** Slate: neutral actions and states. */
  none: '#5f6b76',
  /** Blue-teal: the main action. */
  primary: '#186680',
  /** Indigo: a secondary emphasis beside primary. */
  assist: '#4c5fb5',
  /** Plum: a third emphasis, told apart from assist. */
  assist2: '#7d4f9e',
  success: '#2b7a4b',
  /** Amber, deep enough to carry white text. */
  warning: '#a65c00',
  danger: '#b3372f',
};

/** Icon sizes (SPEC.md section 3): 16 beside body text, 20 in larger controls. */
export const ICON_SIZES = { standard: 16, large: 20 } as const;
export type IconSize = keyof typeof ICON_SIZES;

/** The layout grid step: spacings and sizes are multiples of it. */
export const GRID_SIZE = 10;

/** Font appearances of the personal preferences (SPEC.md section 2) and their zoom factors. */
export const FONT_ZOOM = { Normal: 1, Large: 1.25 } as const;
export type FontAppearance = keyof typeof FONT_ZOOM;
/** The zoom of the Large font appearance. */
export const LARGE_FONT_ZOOM = FONT_ZOOM.Large;

/** Tooltip timing and geometry (SPEC.md section 9). */
export const TOOLTIP = { openDelay: 300, maxWidth: 400, overflowPadding: 15, arrowPadding: 6 } as const;

/** Modal defaults (SPEC.md section 2): a close button, and no closing on Escape or outside click. */
export const MODAL_DEFAULTS = { withCloseButton: true, closeOnEscape: false, closeOnClickOutside: false } as const;

/** The loading indicator's size: 64, or 100 on 1 April, when it shows a cat. */
export const LOADING_INDICATOR_SIZES = { default: 64, aprilFools: 100 } as const;

/** True on 1 April in the user's own time zone (the calendar on their wall), any year. */
export function isAprilFools(date: Date): boolean {
  return date instanceof Date && date.getMonth() === 3 && date.getDate() === 1;
}

/** The loading indicator's size on `date`. */
export function loadingIndicatorSize(date: Date): number {
  return isAprilFools(date) ? LOADING_INDICATOR_SIZES.aprilFools : LOADING_INDICATOR_SIZES.default;
}
