import { describe, expect, it } from 'vitest';
import { contentKeys, contentUrl } from './content-keys.ts';
import {
  chunkNumberOf,
  contentTooLarge,
  contentTypeOf,
  formatBytes,
  mediaTypeEssence,
  queryFlag,
  thumbnailSizeOf,
  uploadBytes,
} from './content-params.ts';

const media = { name: 'Media', collection: 'Media' } as Parameters<typeof contentKeys>[1];

describe('content parameters', () => {
  it('defaults a missing content type and refuses a malformed one', () => {
    expect(contentTypeOf(undefined)).toBe('application/octet-stream');
    expect(contentTypeOf(' application/pdf ')).toBe('application/pdf');
    expect(contentTypeOf('text/plain; charset=utf-8')).toBe('text/plain; charset=utf-8');
    expect(() => contentTypeOf('pdf')).toThrow(/media type/);
    expect(() => contentTypeOf('a/b/c')).toThrow(/media type/);
    expect(mediaTypeEssence('Image/PNG; x=1')).toBe('image/png');
  });

  it('takes thumbnail sizes from 1 to 1024 and chunk numbers from 0 to 9999', () => {
    expect(thumbnailSizeOf(undefined)).toBeUndefined();
    expect(thumbnailSizeOf('64')).toBe(64);
    for (const bad of ['0', '1025', '-1', '1.5', 'big', '']) expect(() => thumbnailSizeOf(bad)).toThrow(/thumbnail/);
    expect(chunkNumberOf('0')).toBe(0);
    expect(chunkNumberOf('9999')).toBe(9999);
    for (const bad of ['-1', '10000', 'x', '1e3']) expect(() => chunkNumberOf(bad)).toThrow(/chunk number/);
  });

  it('reads true/false flags and refuses anything else', () => {
    expect(queryFlag(undefined, 'purge')).toBe(false);
    expect(queryFlag('true', 'purge')).toBe(true);
    expect(queryFlag('false', 'purge')).toBe(false);
    expect(() => queryFlag('yes', 'purge')).toThrow('purge must be true or false.');
  });

  it('refuses an empty upload and words the 413 with the limit', () => {
    expect(() => uploadBytes(undefined)).toThrow(/empty/);
    expect(() => uploadBytes(Buffer.alloc(0))).toThrow(/empty/);
    expect(uploadBytes(Buffer.from('x')).length).toBe(1);
    expect(formatBytes(8 * 1024 * 1024)).toBe('8 MiB');
    expect(formatBytes(1000)).toBe('1000 bytes');
    const error = contentTooLarge(8 * 1024 * 1024);
    expect(error.code).toBe('PayloadTooLarge');
    expect(error.message).toBe('The content is larger than the 8 MiB this server accepts.');
  });
});

describe('content keys', () => {
  it('keeps everything of a resource under one folder, practice or global', () => {
    const keys = contentKeys('acme', media, 'm-1');
    expect(keys.folder).toBe('acme/Media/m-1/');
    expect(keys.content('ab')).toBe('acme/Media/m-1/ab');
    expect(keys.thumbnail('ab', 64, 'png')).toBe('acme/Media/m-1/thumbnails/ab-64.png');
    expect(keys.chunk(3)).toBe('acme/Media/m-1/_staging/chunk-3');
    expect(keys.manifest.startsWith(keys.staging)).toBe(true);
    expect(contentKeys('', media, 'm-1').folder).toBe('_global/Media/m-1/');
  });

  it('answers 404 for ids no resource can have, before they become paths', () => {
    for (const id of ['../x', 'a/b', '.hidden', '']) expect(() => contentKeys('acme', media, id)).toThrow(/not found/);
  });

  it('points content.url at the version download', () => {
    expect(contentUrl('acme', media, 'm-1', 'v-1')).toBe('/api/v1/practices/acme/Media/m-1/_history/v-1/content');
    expect(contentUrl('', media, 'm-1', 'v-1')).toBe('/api/v1/Media/m-1/_history/v-1/content');
  });
});
