import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DARK_BRIGHTNESS_THRESHOLD,
  TEXT_ON_DARK,
  TEXT_ON_LIGHT,
  isDark,
  isHexColor,
  mixColors,
  parseHexColor,
  strokeOn,
  textColorOn,
  toHexColor,
  weightedBrightness,
} from './colors.ts';

describe('parseHexColor', () => {
  it('reads #rrggbb and #rgb in either case', () => {
    expect(parseHexColor('#186680')).toEqual({ r: 0x18, g: 0x66, b: 0x80 });
    expect(parseHexColor('#ABCDEF')).toEqual({ r: 0xab, g: 0xcd, b: 0xef });
    expect(parseHexColor('#fA3')).toEqual({ r: 0xff, g: 0xaa, b: 0x33 });
    expect(parseHexColor('#000')).toEqual({ r: 0, g: 0, b: 0 });
  });

  it.each([
    '',
    '#',
    '#12',
    '#1234',
    '#12345',
    '#1234567',
    '#12345678',
    '186680',
    'red',
    '#ggg',
    ' #186680',
    '#186680 ',
    'rgb(0,0,0)',
    '#18668g',
  ])('rejects %j with a TypeError naming it', (value) => {
    expect(() => parseHexColor(value)).toThrow(TypeError);
    expect(() => parseHexColor(value)).toThrow(`Invalid colour ${JSON.stringify(value)}: expected #rgb or #rrggbb.`);
  });

  it('rejects values that are not strings', () => {
    for (const value of [undefined, null, 0x186680, {}]) {
      expect(() => parseHexColor(value as unknown as string)).toThrow(/expected #rgb or #rrggbb/);
    }
    expect(isHexColor(0x186680)).toBe(false);
  });

  it('round-trips every #rrggbb through toHexColor', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const hex = `#${n.toString(16).padStart(6, '0')}`;
        expect(toHexColor(parseHexColor(hex))).toBe(hex);
      }),
    );
  });
});

describe('toHexColor', () => {
  it('rounds, clamps and treats NaN as 0', () => {
    expect(toHexColor({ r: 254.6, g: -3, b: 300 })).toBe('#ff00ff');
    expect(toHexColor({ r: Number.NaN, g: 16, b: 15.4 })).toBe('#00100f');
  });
});

describe('weightedBrightness and isDark', () => {
  it('weighs red, green and blue 299, 587 and 114 per thousand', () => {
    expect(weightedBrightness('#000000')).toBe(0);
    expect(weightedBrightness('#ffffff')).toBe(255);
    expect(weightedBrightness('#ff0000')).toBeCloseTo(76.245, 10);
    expect(weightedBrightness('#00ff00')).toBeCloseTo(149.685, 10);
    expect(weightedBrightness('#0000ff')).toBeCloseTo(29.07, 10);
    expect(weightedBrightness('#f00')).toBe(weightedBrightness('#ff0000'));
  });

  it('calls a colour dark strictly below 160', () => {
    expect(DARK_BRIGHTNESS_THRESHOLD).toBe(160);
    // #a0a0a0 is exactly 160 (grey: the weights sum to 1000); one step down is dark.
    expect(weightedBrightness('#a0a0a0')).toBe(160);
    expect(isDark('#a0a0a0')).toBe(false);
    expect(isDark('#9f9f9f')).toBe(true);
    expect(isDark('#00ff00')).toBe(true);
    expect(isDark('#ffff00')).toBe(false);
  });

  it('picks light text on dark colours and dark text on light ones', () => {
    expect(textColorOn('#186680')).toBe(TEXT_ON_DARK);
    expect(textColorOn('#ffffbf')).toBe(TEXT_ON_LIGHT);
    expect(textColorOn('#000')).toBe('#ffffff');
    expect(textColorOn('#fff')).toBe('#000000');
    expect(() => textColorOn('teal')).toThrow(TypeError);
  });
});

describe('mixColors', () => {
  it('mixes channel by channel', () => {
    expect(mixColors('#000000', '#ffffff', 0)).toBe('#000000');
    expect(mixColors('#000000', '#ffffff', 1)).toBe('#ffffff');
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColors('#fff', '#186680', 0.2)).toBe('#d1e0e6');
  });

  it('refuses an amount outside 0..1', () => {
    expect(() => mixColors('#000', '#fff', 1.5)).toThrow(RangeError);
    expect(() => mixColors('#000', '#fff', Number.NaN)).toThrow(RangeError);
  });
});

describe('strokeOn', () => {
  it('darkens a light colour on a light background, lightens a dark one on a dark background, keeps the rest', () => {
    const paleYellow = '#ffffbf';
    expect(isDark(strokeOn(paleYellow, 'light'))).toBe(true);
    expect(strokeOn(paleYellow, 'dark')).toBe(paleYellow);
    expect(strokeOn('#a50026', 'light')).toBe('#a50026');
    expect(weightedBrightness(strokeOn('#006837', 'dark'))).toBeGreaterThan(weightedBrightness('#006837') + 60);
  });
});
