import { describe, expect, it } from 'vitest';
import { ChartColourScales } from '../enums.ts';
import { isHexColor, parseHexColor } from './colors.ts';
import {
  COLOR_SCALES,
  SPECTRAL_MAX_COLORS,
  SPECTRAL_MIN_COLORS,
  scaleColors,
  spectral,
  type ChartColourScaleName,
  type InterpolatedScaleName,
} from './color-scales.ts';
import { INTENT_COLORS } from './design-tokens.ts';

/** ColorBrewer Spectral, as published (3 to 9 classes), and our 2-colour palette. */
const SPECTRAL_EXPECTED: Record<number, string[]> = {
  2: ['#fc8d59', '#99d594'],
  3: ['#fc8d59', '#ffffbf', '#99d594'],
  4: ['#d7191c', '#fdae61', '#abdda4', '#2b83ba'],
  5: ['#d7191c', '#fdae61', '#ffffbf', '#abdda4', '#2b83ba'],
  6: ['#d53e4f', '#fc8d59', '#fee08b', '#e6f598', '#99d594', '#3288bd'],
  7: ['#d53e4f', '#fc8d59', '#fee08b', '#ffffbf', '#e6f598', '#99d594', '#3288bd'],
  8: ['#d53e4f', '#f46d43', '#fdae61', '#fee08b', '#e6f598', '#abdda4', '#66c2a5', '#3288bd'],
  9: ['#d53e4f', '#f46d43', '#fdae61', '#fee08b', '#ffffbf', '#e6f598', '#abdda4', '#66c2a5', '#3288bd'],
};

describe('spectral', () => {
  it.each([2, 3, 4, 5, 6, 7, 8, 9])('gives ColorBrewer Spectral with %i colours', (n) => {
    expect(spectral(n)).toEqual(SPECTRAL_EXPECTED[n]);
    expect(spectral(n)).toHaveLength(n);
  });

  it.each([0, 1, 10, 11, -2, 2.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s colours with a RangeError', (n) => {
    expect(() => spectral(n)).toThrow(RangeError);
    expect(() => spectral(n)).toThrow(/Spectral has 2 to 9 colours/);
  });

  it('hands out copies, so a caller cannot change the palette', () => {
    const first = spectral(3);
    first[0] = '#000000';
    expect(spectral(3)[0]).toBe('#fc8d59');
    expect([SPECTRAL_MIN_COLORS, SPECTRAL_MAX_COLORS]).toEqual([2, 9]);
  });
});

describe('COLOR_SCALES', () => {
  const names = Object.keys(COLOR_SCALES) as InterpolatedScaleName[];

  it('has every chart colour scale of the enumeration but spectral', () => {
    expect(names.sort()).toEqual(ChartColourScales.filter((s) => s !== 'spectral').sort());
  });

  it('matches d3-scale-chromatic at known points', () => {
    expect([0, 0.5, 1].map(COLOR_SCALES.warm)).toEqual(['#6e40aa', '#ff5e63', '#aff05b']);
    expect([0, 0.5, 1].map(COLOR_SCALES.cool)).toEqual(['#6e40aa', '#1ac7c2', '#aff05b']);
    expect([0, 1].map(COLOR_SCALES.blue)).toEqual(['#f7fbff', '#08306b']);
    expect([0, 0.5, 1].map(COLOR_SCALES.badToGood)).toEqual(['#a50026', '#f9f7ae', '#006837']);
  });

  it('runs goodToBad from green to red, the reverse of badToGood', () => {
    for (const t of [0, 0.1, 0.25, 0.5, 0.8, 1]) {
      expect(COLOR_SCALES.goodToBad(t)).toBe(COLOR_SCALES.badToGood(1 - t));
    }
    const start = parseHexColor(COLOR_SCALES.goodToBad(0));
    const end = parseHexColor(COLOR_SCALES.goodToBad(1));
    expect(start.g).toBeGreaterThan(start.r);
    expect(end.r).toBeGreaterThan(end.g);
  });

  it('ends each intent scale on the intent colour, from a light tint', () => {
    for (const intent of ['primary', 'assist', 'assist2', 'success', 'warning', 'danger'] as const) {
      expect(COLOR_SCALES[intent](1)).toBe(INTENT_COLORS[intent]);
      const tint = parseHexColor(COLOR_SCALES[intent](0));
      expect(Math.min(tint.r, tint.g, tint.b)).toBeGreaterThan(180);
    }
  });

  it('gives #rrggbb for any position, clamping outside [0, 1]', () => {
    for (const name of names) {
      const scale = COLOR_SCALES[name];
      for (let i = 0; i <= 100; i++) expect(isHexColor(scale(i / 100))).toBe(true);
      expect(scale(-1)).toBe(scale(0));
      expect(scale(2)).toBe(scale(1));
      expect(() => scale(Number.NaN)).toThrow(RangeError);
    }
  });

  it('changes smoothly: neighbouring samples are close', () => {
    for (const name of names) {
      const scale = COLOR_SCALES[name];
      for (let i = 0; i < 200; i++) {
        const a = parseHexColor(scale(i / 200));
        const b = parseHexColor(scale((i + 1) / 200));
        expect(Math.max(Math.abs(a.r - b.r), Math.abs(a.g - b.g), Math.abs(a.b - b.b))).toBeLessThanOrEqual(12);
      }
    }
  });
});

describe('scaleColors', () => {
  it('samples a continuous scale evenly from end to end', () => {
    expect(scaleColors('warm', 5)).toEqual(['#6e40aa', '#d23ea7', '#ff5e63', '#efa72f', '#aff05b']);
    expect(scaleColors('blue', 2)).toEqual(['#f7fbff', '#08306b']);
    expect(scaleColors('primary', 3)[2]).toBe(INTENT_COLORS.primary);
  });

  it('gives the end colour for one and nothing for none', () => {
    expect(scaleColors('primary', 1)).toEqual([INTENT_COLORS.primary]);
    expect(scaleColors('cool', 0)).toEqual([]);
  });

  it('gives as many colours as asked, even many', () => {
    const colors = scaleColors('goodToBad', 250);
    expect(colors).toHaveLength(250);
    expect(colors.every(isHexColor)).toBe(true);
  });

  it('delegates spectral to its palettes, range included', () => {
    expect(scaleColors('spectral', 4)).toEqual(SPECTRAL_EXPECTED[4]);
    expect(() => scaleColors('spectral', 12)).toThrow(RangeError);
  });

  it('refuses a negative or fractional count and an unknown name', () => {
    expect(() => scaleColors('warm', -1)).toThrow(RangeError);
    expect(() => scaleColors('warm', 1.5)).toThrow(RangeError);
    expect(() => scaleColors('toString' as ChartColourScaleName, 3)).toThrow(/Unknown colour scale "toString"/);
    expect(() => scaleColors('none' as ChartColourScaleName, 3)).toThrow(RangeError);
  });
});
