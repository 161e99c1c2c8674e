import { createHash, createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { badRequest } from '@caseload/core';

/** Where a page ended: the last row's sort value and id. */
export interface Cursor {
  sortValue: string;
  id: string;
}

const INVALID = 'The continuation token is invalid or belongs to another query.';

/**
 * Opaque, tamper-proof keyset cursors. The token carries the last row's position and a digest of
 * the query it belongs to, signed with HMAC-SHA-256 under a key every server shares (kept in the
 * database), so a client can neither forge a position nor reuse a token on another query.
 */
export class ContinuationTokens {
  /** The key imported once, rather than copied into every HMAC. */
  private readonly key: KeyObject;

  constructor(key: Buffer) {
    this.key = createSecretKey(key);
  }

  static queryKey(parts: unknown): string {
    return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
  }

  sign(queryKey: string, cursor: Cursor): string {
    const payload = Buffer.from(JSON.stringify({ q: queryKey, v: cursor.sortValue, i: cursor.id })).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  verify(token: string, queryKey: string): Cursor {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) throw badRequest(INVALID);
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badRequest(INVALID);
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { q: string; v: string; i: string };
    if (parsed.q !== queryKey) throw badRequest(INVALID);
    return { sortValue: parsed.v, id: parsed.i };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
