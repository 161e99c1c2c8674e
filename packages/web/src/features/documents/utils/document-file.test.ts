import type { DocumentReference } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { byDateDesc, categoryName, documentFileUrl, fileSize, titleFromFileName } from './document-file.ts';

describe('document files', () => {
  it("addresses the file as its Media's content", () => {
    expect(documentFileUrl('acme co', { media: { resourceType: 'Media', id: 'm/1' } })).toBe(
      '/api/v1/practices/acme%20co/Media/m%2F1/content',
    );
  });

  it('writes sizes as people read them', () => {
    expect([fileSize(undefined), fileSize(900), fileSize(48_213), fileSize(1_300_000)]).toEqual(['', '900 B', '47 KB', '1.2 MB']);
  });

  it('takes a title from a file name without its extension', () => {
    expect(titleFromFileName('Welcome letter.pdf')).toBe('Welcome letter');
    expect(titleFromFileName('.hidden')).toBe('.hidden');
  });

  it('names a category by the vocabulary when it carries only its code', () => {
    expect(categoryName({ category: { code: 'treatment-summary' } })).toBe('Treatment summary');
    expect(categoryName({ category: { code: 'unknown', display: 'Unknown kind' } })).toBe('Unknown kind');
  });

  it('lists the newest first', () => {
    const doc = (title: string, date: string) => ({ title, date }) as DocumentReference;
    expect([doc('b', '2026-01-01'), doc('a', '2026-02-01'), doc('c', '2026-01-01')].sort(byDateDesc).map((d) => d.title)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
