import { describe, expect, it } from 'vitest';
import { Intents } from '../enums.ts';
import { isDark, parseHexColor } from './colors.ts';
import {
  FONT_ZOOM,
  GRID_SIZE,
  ICON_SIZES,
  INTENT_COLORS,
  LARGE_FONT_ZOOM,
  LOADING_INDICATOR_SIZES,
  MODAL_DEFAULTS,
  TOOLTIP,
  isAprilFools,
  loadingIndicatorSize,
} from './design-tokens.ts';

/** WCAG 2 contrast ratio of a colour against white. */
function contrastWithWhite(hex: string): number {
  const { r, g, b } = parseHexColor(hex);
  const linear = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return 1.05 / (luminance + 0.05);
}

describe('design tokens', () => {
  it('holds the values of SPEC.md sections 2, 3 and 9', () => {
    expect(ICON_SIZES).toEqual({ standard: 16, large: 20 });
    expect(GRID_SIZE).toBe(10);
    expect(LARGE_FONT_ZOOM).toBe(1.25);
    expect(FONT_ZOOM).toEqual({ Normal: 1, Large: 1.25 });
    expect(TOOLTIP).toEqual({ openDelay: 300, maxWidth: 400, overflowPadding: 15, arrowPadding: 6 });
    expect(LOADING_INDICATOR_SIZES).toEqual({ default: 64, aprilFools: 100 });
    expect(MODAL_DEFAULTS).toEqual({ withCloseButton: true, closeOnEscape: false, closeOnClickOutside: false });
  });

  it('has a colour for every intent and no other', () => {
    expect(Object.keys(INTENT_COLORS).sort()).toEqual([...Intents].sort());
    expect(INTENT_COLORS.primary).toBe('#186680');
  });

  it.each(Object.entries(INTENT_COLORS))('intent %s is dark and carries white text at 4.5:1 or better', (_, hex) => {
    expect(isDark(hex)).toBe(true);
    expect(contrastWithWhite(hex)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the intent colours distinct', () => {
    expect(new Set(Object.values(INTENT_COLORS)).size).toBe(Intents.length);
  });
});

describe('isAprilFools and loadingIndicatorSize', () => {
  it('is true all day on 1 April in local time, any year', () => {
    expect(isAprilFools(new Date(2026, 3, 1, 0, 0, 0))).toBe(true);
    expect(isAprilFools(new Date(2026, 3, 1, 23, 59, 59, 999))).toBe(true);
    expect(isAprilFools(new Date(1999, 3, 1, 12))).toBe(true);
    expect(loadingIndicatorSize(new Date(2030, 3, 1, 9))).toBe(100);
  });

  it('is false on any other day and for an invalid date', () => {
    expect(isAprilFools(new Date(2026, 2, 31, 23, 59, 59, 999))).toBe(false);
    expect(isAprilFools(new Date(2026, 3, 2, 0, 0, 0))).toBe(false);
    expect(isAprilFools(new Date(2026, 0, 4))).toBe(false);
    expect(isAprilFools(new Date(Number.NaN))).toBe(false);
    expect(loadingIndicatorSize(new Date(2026, 6, 1))).toBe(64);
  });
});
