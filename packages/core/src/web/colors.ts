/**
 * Hex colours and the brightness rule of SPEC.md section 9: a colour is dark when its weighted
 * brightness is below 160, and then carries light text.
 */

/** One colour's channels, each 0 to 255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** SPEC.md section 9: a colour whose weighted brightness is below this is dark. */
export const DARK_BRIGHTNESS_THRESHOLD = 160;

/** Text on a dark colour. */
export const TEXT_ON_DARK = '#ffffff';
/** Text on a light colour. */
export const TEXT_ON_LIGHT = '#000000';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** True for `#rgb` and `#rrggbb` (either case); nothing else (no names, no alpha, no spaces). */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value);
}

/** The channels of `#rgb` or `#rrggbb`; throws a TypeError naming the value for anything else. */
export function parseHexColor(hex: string): Rgb {
  if (!isHexColor(hex)) {
    const shown = typeof hex === 'string' ? JSON.stringify(hex) : String(hex);
    throw new TypeError(`Invalid colour ${shown}: expected #rgb or #rrggbb.`);
  }
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  return {
    r: Number.parseInt(digits.slice(0, 2), 16),
    g: Number.parseInt(digits.slice(2, 4), 16),
    b: Number.parseInt(digits.slice(4, 6), 16),
  };
}

const channel = (value: number) =>
  Math.max(0, Math.min(255, Math.round(value) || 0))
    .toString(16)
    .padStart(2, '0');

/** `#rrggbb` in lower case; channels are rounded and clamped to 0..255 (NaN counts as 0). */
export function toHexColor({ r, g, b }: Rgb): string {
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** (299 R + 587 G + 114 B) / 1000, from 0 (black) to 255 (white). */
export function weightedBrightness(hex: string): number {
  const { r, g, b } = parseHexColor(hex);
  return (299 * r + 587 * g + 114 * b) / 1000;
}

/** Dark when the weighted brightness is below 160 (SPEC.md section 9). */
export function isDark(hex: string): boolean {
  return weightedBrightness(hex) < DARK_BRIGHTNESS_THRESHOLD;
}

/** The text colour to put on `hex`: light on a dark colour, dark on a light one. */
export function textColorOn(hex: string): string {
  return isDark(hex) ? TEXT_ON_DARK : TEXT_ON_LIGHT;
}

/** `amount` of `to` over `from`, channel by channel (0 gives `from`, 1 gives `to`). */
export function mixColors(from: string, to: string, amount: number): string {
  if (!Number.isFinite(amount) || amount < 0 || amount > 1) {
    throw new RangeError(`Mix amount ${amount} is outside 0..1.`);
  }
  const a = parseHexColor(from);
  const b = parseHexColor(to);
  return toHexColor({
    r: a.r + (b.r - a.r) * amount,
    g: a.g + (b.g - a.g) * amount,
    b: a.b + (b.b - a.b) * amount,
  });
}

/**
 * A colour drawn as a line or a dot on a chart's background, made visible there: a light colour
 * (the pale yellow in the middle of goodToBad) is darkened on a light background, a dark one
 * lightened on a dark background; a colour that already stands out is kept.
 */
export function strokeOn(hex: string, background: 'light' | 'dark'): string {
  if (background === 'light') return isDark(hex) ? hex : mixColors(hex, '#000000', 0.45);
  return isDark(hex) ? mixColors(hex, '#ffffff', 0.45) : hex;
}
