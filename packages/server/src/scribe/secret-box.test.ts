import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, secretKeyFrom } from './secret-box.ts';

describe('secret box', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and seals the same secret differently each time', () => {
    const sealed = sealSecret('sk-test-123', key);
    expect(sealed).not.toContain('sk-test');
    expect(openSecret(sealed, key)).toBe('sk-test-123');
    expect(sealSecret('sk-test-123', key)).not.toBe(sealed);
  });

  it('refuses another key, an altered ciphertext and a bad key length', () => {
    const sealed = sealSecret('sk-test-123', key);
    expect(() => openSecret(sealed, randomBytes(32))).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('sk-test-999').toString('base64url');
    expect(() => openSecret(parts.join('.'), key)).toThrow();
    expect(() => secretKeyFrom(Buffer.alloc(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
