import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets kept encrypted at rest (a provider's API key): AES-256-GCM under a 32-byte server key,
 * sealed as `v1.{iv}.{tag}.{ciphertext}` (base64url). The key comes from the server's
 * configuration (CASELOAD_SECRET_KEY), never from the database that holds what it seals, so a
 * copy of the database or of the environment alone does not reveal the secret (docs/scribe.md).
 */
const VERSION = 'v1';

export function secretKeyFrom(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('CASELOAD_SECRET_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32).');
  return key;
}

export function sealSecret(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext of a sealed secret; throws when it was not sealed under `key` or was altered. */
export function openSecret(sealed: string, key: Buffer): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('The secret is not a sealed v1 secret.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
