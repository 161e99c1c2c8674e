import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RegexCache, REGEX_CACHE_SIZE, isValidPattern, validationRegexCache } from './regex-cache.ts';
import { sha256Hex } from './sha256.ts';
import { canonicalJson, hashAnswers, isSigned, voidChangedSignatures } from './signatures.ts';
import type { ResponseSignature } from './types.ts';

describe('sha256Hex', () => {
  it('matches the FIPS test vectors and Node for any text', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (s) => {
        expect(sha256Hex(s)).toBe(createHash('sha256').update(s).digest('hex'));
      }),
      { numRuns: 200 },
    );
  });
});

describe('signatures', () => {
  const answers = { b: [1, 2], a: { y: 1, x: 'text' } };
  const signature = (hash: string): ResponseSignature => ({
    signer: { resourceType: 'Practitioner', id: 'p1' },
    role: 'Practitioner',
    signedAt: '2024-01-01T00:00:00Z',
    image: { resourceType: 'Media', id: 'm1' },
    answersHash: hash,
    linkId: 'sig',
  });

  it('hashes answers the same whatever the key order', () => {
    expect(canonicalJson(answers)).toBe('{"a":{"x":"text","y":1},"b":[1,2]}');
    expect(hashAnswers(answers)).toBe(hashAnswers({ a: { x: 'text', y: 1 }, b: [1, 2] }));
  });

  it('voids a signature once a signed answer changes, and keeps it', () => {
    const sig = signature(hashAnswers(answers));
    expect(voidChangedSignatures([sig], answers, 'now')).toEqual([sig]);
    const voided = voidChangedSignatures([sig], { ...answers, b: [1, 3] }, '2024-02-01T00:00:00Z');
    expect(voided).toEqual([{ ...sig, voided: true, voidedAt: '2024-02-01T00:00:00Z' }]);
    expect(voidChangedSignatures(voided, answers, 'later')).toEqual(voided);
    expect(isSigned([sig], 'sig')).toBe(true);
    expect(isSigned(voided, 'sig')).toBe(false);
    expect(isSigned([sig], 'other')).toBe(false);
  });
});

describe('RegexCache', () => {
  it('holds 512 entries, evicting the least recently used', () => {
    const cache = new RegexCache();
    expect(cache.capacity).toBe(REGEX_CACHE_SIZE);
    expect(REGEX_CACHE_SIZE).toBe(512);
    for (let i = 0; i < 512; i++) cache.get(`p${i}`);
    cache.get('p0');
    cache.get('p512');
    expect(cache.size).toBe(512);
    expect(cache.has('p0')).toBe(true);
    expect(cache.has('p1')).toBe(false);
  });

  it('compiles a pattern once, anchored to the whole answer', () => {
    const cache = new RegexCache(4);
    const first = cache.get('[a-z]+');
    expect(cache.get('[a-z]+')).toBe(first);
    expect(first.test('abc')).toBe(true);
    expect(first.test('abc1')).toBe(false);
  });

  it('refuses invalid patterns without caching them', () => {
    expect(() => new RegexCache().get('(')).toThrow(SyntaxError);
    expect(isValidPattern('(')).toBe(false);
    expect(isValidPattern(42)).toBe(false);
    expect(isValidPattern('x'.repeat(1001))).toBe(false);
    expect(isValidPattern('\\d{3}')).toBe(true);
    expect(validationRegexCache.has('(')).toBe(false);
  });
});
