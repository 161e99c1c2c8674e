import type { Resource } from '@caseload/core';

/**
 * True when `incoming` is a version of the resource older than `known`, so storing it would undo
 * a newer copy (a read sent before a write, or before another read, but answered after it).
 *
 * The server gives no version sequence: `meta.versionId` is a random id and the ETag is only sent
 * for content bytes, so versions are ordered by `meta.lastModified`, which the server sets from
 * its clock on every write. The same versionId is the same version (never older). A tie in
 * lastModified between two versionIds (two writes in one millisecond) cannot be ordered and is
 * not called older: the latest answer wins, as before.
 */
export function isOlderCopy(incoming: Resource, known: Resource | undefined): boolean {
  if (!known || incoming.meta.versionId === known.meta.versionId) return false;
  const incomingAt = Date.parse(incoming.meta.lastModified);
  const knownAt = Date.parse(known.meta.lastModified);
  // A copy without a readable time (never from this server) cannot be ordered either.
  if (Number.isNaN(incomingAt) || Number.isNaN(knownAt)) return false;
  return incomingAt < knownAt;
}
