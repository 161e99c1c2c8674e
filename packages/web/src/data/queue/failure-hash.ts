import type { Resource } from '@caseload/core';

/**
 * cyrb53: a fast 53-bit string hash. Not cryptographic: it only names a failed-upsert record.
 */
function cyrb53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The hash naming a failed write of `item` to `collection`. `writeKey` (the write's idempotency
 * key) tells apart two edits that left the item alike: each refused edit keeps a record.
 */
export function failureHash(collection: string, operation: string, item: Resource, writeKey: string): string {
  return cyrb53(`${collection}\u0000${item.id}\u0000${operation}\u0000${writeKey}\u0000${JSON.stringify(item)}`);
}
