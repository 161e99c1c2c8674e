import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderThumbnail, thumbnailFormat } from './thumbnails.ts';

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'gif') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .toFormat(format)
    .toBuffer();

describe('thumbnails', () => {
  it('fits an image within n×n, keeping its aspect ratio and format', async () => {
    const thumb = await renderThumbnail(await image(400, 200, 'jpeg'), 'image/jpeg', 100);
    expect(thumb.contentType).toBe('image/jpeg');
    const meta = await sharp(thumb.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 100, 50]);
  });

  it('never enlarges, and turns a GIF into a PNG', async () => {
    const thumb = await renderThumbnail(await image(30, 20, 'gif'), 'image/gif', 500);
    expect(thumb.contentType).toBe('image/png');
    const meta = await sharp(thumb.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 30, 20]);
  });

  it('refuses non-images and bytes that are not the image they claim to be', async () => {
    expect(() => thumbnailFormat('application/pdf')).toThrow(/PNG, JPEG, WebP and GIF/);
    expect(thumbnailFormat('image/webp; q=1').extension).toBe('webp');
    await expect(renderThumbnail(Buffer.from('not a png'), 'image/png', 10)).rejects.toThrow(/could not be read as an image/);
  });
});
