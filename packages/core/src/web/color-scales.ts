import { ChartColourScales } from '../enums.ts';
import { mixColors, parseHexColor, toHexColor, type Rgb } from './colors.ts';
import { INTENT_COLORS } from './design-tokens.ts';

/**
 * The chart colour scales of SPEC.md section 3. `spectral` is a set of discrete palettes (2 to 9
 * colours); every other scale is continuous over [0, 1] and gives as many colours as asked.
 * Colours are the same as d3-scale-chromatic's, so a chart drawn with d3 matches.
 */

export type ChartColourScaleName = (typeof ChartColourScales)[number];
/** The continuous scales: every chart colour scale but `spectral`. */
export type InterpolatedScaleName = Exclude<ChartColourScaleName, 'spectral'>;
/** A colour for each t in [0, 1] (values outside are clamped), as `#rrggbb`. */
export type ColorInterpolator = (t: number) => string;

export const SPECTRAL_MIN_COLORS = 2;
export const SPECTRAL_MAX_COLORS = 9;

const hexes = (packed: string): readonly string[] => packed.match(/.{6}/g)!.map((h) => `#${h}`);

/**
 * ColorBrewer's Spectral, red to blue, per number of colours. ColorBrewer starts at 3; the
 * 2-colour palette is the two ends of the 3-colour one, so every size stays in the family.
 */
const SPECTRAL: Readonly<Record<number, readonly string[]>> = {
  2: hexes('fc8d5999d594'),
  3: hexes('fc8d59ffffbf99d594'),
  4: hexes('d7191cfdae61abdda42b83ba'),
  5: hexes('d7191cfdae61ffffbfabdda42b83ba'),
  6: hexes('d53e4ffc8d59fee08be6f59899d5943288bd'),
  7: hexes('d53e4ffc8d59fee08bffffbfe6f59899d5943288bd'),
  8: hexes('d53e4ff46d43fdae61fee08be6f598abdda466c2a53288bd'),
  9: hexes('d53e4ff46d43fdae61fee08bffffbfe6f598abdda466c2a53288bd'),
};

/** ColorBrewer Blues (9 classes). */
const BLUES = hexes('f7fbffdeebf7c6dbef9ecae16baed64292c62171b508519c08306b');
/** ColorBrewer RdYlGn (11 classes): red (bad) through yellow to green (good). */
const RED_YELLOW_GREEN = hexes('a50026d73027f46d43fdae61fee08bffffbfd9ef8ba6d96a66bd631a9850006837');

/** Spectral's palette of `n` colours, red to blue; a RangeError unless n is an integer 2..9. */
export function spectral(n: number): string[] {
  const palette = Number.isInteger(n) ? SPECTRAL[n] : undefined;
  if (!palette) {
    throw new RangeError(`Spectral has ${SPECTRAL_MIN_COLORS} to ${SPECTRAL_MAX_COLORS} colours; ${String(n)} were asked for.`);
  }
  return [...palette];
}

const unit = (t: number): number => {
  if (typeof t !== 'number' || Number.isNaN(t)) throw new RangeError(`Scale position ${String(t)} is not a number.`);
  return Math.max(0, Math.min(1, t));
};

/** Uniform cubic B-spline through the colours, channel by channel (d3's interpolateRgbBasis). */
function rgbBasis(colors: readonly string[]): ColorInterpolator {
  const points = colors.map(parseHexColor);
  const n = points.length - 1;
  const spline = (pick: (c: Rgb) => number, t: number): number => {
    const i = t >= 1 ? n - 1 : Math.floor(t * n);
    const v1 = pick(points[i]!);
    const v2 = pick(points[i + 1]!);
    const v0 = i > 0 ? pick(points[i - 1]!) : 2 * v1 - v2;
    const v3 = i < n - 1 ? pick(points[i + 2]!) : 2 * v2 - v1;
    const s = (t - i / n) * n;
    const s2 = s * s;
    const s3 = s2 * s;
    return ((1 - 3 * s + 3 * s2 - s3) * v0 + (4 - 6 * s2 + 3 * s3) * v1 + (1 + 3 * s + 3 * s2 - 3 * s3) * v2 + s3 * v3) / 6;
  };
  return (t) => {
    const u = unit(t);
    return toHexColor({ r: spline((c) => c.r, u), g: spline((c) => c.g, u), b: spline((c) => c.b, u) });
  };
}

/** A cubehelix point: hue in degrees, saturation, lightness (Green's cubehelix, as d3-color). */
interface Cubehelix {
  h: number;
  s: number;
  l: number;
}

function cubehelixToRgb({ h, s, l }: Cubehelix): Rgb {
  const angle = ((h + 120) * Math.PI) / 180;
  const a = s * l * (1 - l);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return {
    r: 255 * (l + a * (-0.14861 * cos + 1.78277 * sin)),
    g: 255 * (l + a * (-0.29227 * cos - 0.90649 * sin)),
    b: 255 * (l + a * (1.97294 * cos)),
  };
}

/** Straight-line interpolation in cubehelix, the long way round the hue (d3's cubehelixLong). */
function cubehelixLong(from: Cubehelix, to: Cubehelix): ColorInterpolator {
  return (t) => {
    const u = unit(t);
    return toHexColor(
      cubehelixToRgb({ h: from.h + (to.h - from.h) * u, s: from.s + (to.s - from.s) * u, l: from.l + (to.l - from.l) * u }),
    );
  };
}

/** An intent's scale: from a light tint (20% of the colour over white) to the intent colour. */
const intentScale = (base: string): ColorInterpolator => rgbBasis([mixColors('#ffffff', base, 0.2), base]);

/** The continuous scales, each an interpolator over [0, 1]. */
export const COLOR_SCALES: Readonly<Record<InterpolatedScaleName, ColorInterpolator>> = {
  /** Purple through red and orange to yellow-green (d3's interpolateWarm). */
  warm: cubehelixLong({ h: -100, s: 0.75, l: 0.35 }, { h: 80, s: 1.5, l: 0.8 }),
  /** Purple through blue and cyan to yellow-green (d3's interpolateCool). */
  cool: cubehelixLong({ h: 260, s: 0.75, l: 0.35 }, { h: 80, s: 1.5, l: 0.8 }),
  /** Near-white to navy (d3's interpolateBlues). */
  blue: rgbBasis(BLUES),
  primary: intentScale(INTENT_COLORS.primary),
  assist: intentScale(INTENT_COLORS.assist),
  assist2: intentScale(INTENT_COLORS.assist2),
  success: intentScale(INTENT_COLORS.success),
  warning: intentScale(INTENT_COLORS.warning),
  danger: intentScale(INTENT_COLORS.danger),
  /** Green (good, t = 0) through yellow to red (bad, t = 1). */
  goodToBad: rgbBasis([...RED_YELLOW_GREEN].reverse()),
  /** Red (bad, t = 0) through yellow to green (good, t = 1) (d3's interpolateRdYlGn). */
  badToGood: rgbBasis(RED_YELLOW_GREEN),
};

/**
 * `n` colours of the named scale. `spectral` gives its n-colour palette (2 to 9, else a
 * RangeError). A continuous scale is sampled evenly from t = 0 to t = 1; a single colour is the
 * scale's end (t = 1), which for an intent scale is the intent colour itself.
 */
export function scaleColors(name: ChartColourScaleName, n: number): string[] {
  if (name === 'spectral') return spectral(n);
  const scale = Object.hasOwn(COLOR_SCALES, name) ? COLOR_SCALES[name] : undefined;
  if (!scale) throw new RangeError(`Unknown colour scale ${JSON.stringify(name)}.`);
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`A colour scale gives a whole, non-negative number of colours; ${String(n)} were asked for.`);
  }
  if (n === 1) return [scale(1)];
  return Array.from({ length: n }, (_, i) => scale(i / (n - 1)));
}
