import sharp from 'sharp';
import { seededFaker } from './demo-faker.ts';

/** The signature pad's canvas (web `forms/utils/signature-image.ts`): what a drawn signature's PNG measures. */
const WIDTH = 480;
const HEIGHT = 160;

/**
 * A drawn signature for the demo (docs/portal.md, "The demo"): a PNG of a handwritten-looking
 * scribble, the same size as the signature pad's, made from the seed and a key (the same ones
 * give the same strokes). The strokes are a looped cursive line (a prolate cycloid whose loops
 * vary in height and width, as letters do), a capital's tall first stroke and an underline,
 * rasterised by sharp from an SVG path on a transparent background, as a pad's canvas exports.
 */
export async function demoSignaturePng(seed: number, key: string): Promise<Buffer> {
  const faker = seededFaker([seed, [...key].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) % 2_147_483_647, 7)]);
  const rand = (min: number, max: number) => faker.number.float({ min, max });
  const baseline = HEIGHT * 0.62;
  const points: [number, number][] = [];
  let x = 40;
  // The capital: one tall stroke up and back down into the first loop.
  points.push([x - 8, baseline + 10], [x + 6, baseline - 70 * rand(0.8, 1.1)], [x + 10, baseline]);
  x += 18;
  const loops = faker.number.int({ min: 7, max: 10 });
  for (let i = 0; i < loops && x < WIDTH - 70; i++) {
    const height = rand(16, i % 3 === 1 ? 62 : 34);
    const width = rand(18, 38);
    const steps = 14;
    for (let s = 1; s <= steps; s++) {
      const t = (s / steps) * 2 * Math.PI;
      // A prolate cycloid: the pen moves right while circling, so each turn draws a loop.
      points.push([x + (width / (2 * Math.PI)) * t - height * 0.35 * Math.sin(t), baseline - height * 0.5 * (1 - Math.cos(t))]);
    }
    x += width;
    // Now and then a gap between words.
    if (i === Math.floor(loops / 2)) x += rand(10, 22);
  }
  // Handwriting leans right: each point moved right by how far it is above the baseline.
  const line = (p: [number, number][]) =>
    p.map(([px, py], i) => `${i ? 'L' : 'M'}${(px + (baseline - py) * 0.3).toFixed(1)} ${(py + rand(-1.2, 1.2)).toFixed(1)}`).join(' ');
  const end = x;
  const underline: [number, number][] = [
    [44, baseline + 22],
    [(44 + end) / 2, baseline + 16 + rand(-4, 4)],
    [end + 20, baseline + 10],
  ];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
    `<g fill="none" stroke="#1b2a4a" stroke-linecap="round" stroke-linejoin="round">` +
    `<path d="${line(points)}" stroke-width="2.6"/>` +
    `<path d="M${underline[0]!.join(' ')} Q${underline[1]!.join(' ')} ${underline[2]!.join(' ')}" stroke-width="2"/>` +
    `</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
