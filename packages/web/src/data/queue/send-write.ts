import { HEADERS, JSON_PATCH_CONTENT_TYPE, type generatePatch, type Operation, type Resource } from '@caseload/core';
import type { ApiClient } from '../../api/index.ts';
import { resourcePath } from '../paths.ts';
import { loadedPatchGenerator, loadPatchGenerator } from './load-patch-generator.ts';
import type { PendingDelete, PendingUpsert, PendingWrite } from '../store/records.ts';

/** How one queued upsert goes to the server. */
export type UpsertPlan =
  /** PATCH `?versionId=` with the difference from the known server copy. */
  | { kind: 'patch'; versionId: string; operations: Operation[] }
  /** PUT the whole item: an update of `versionId`, or (without one) a create under the client's id. */
  | { kind: 'put'; versionId?: string; body: Omit<Resource, 'meta'> }
  /** The edit changes nothing the server keeps. */
  | { kind: 'nothing' };

/**
 * SPEC.md section 7: a PATCH when the original server copy is known and the edit is of that same
 * resource (same id); the patch follows section 5's rules (`diff`: core's `generatePatch`), and an empty one
 * sends nothing. Otherwise a PUT, which the server treats as an upsert: an id it does not know is
 * created, so a note written offline under a client-made id is a PUT too.
 */
export function planUpsert(record: Pick<PendingUpsert, 'item' | 'original'>, diff: typeof generatePatch): UpsertPlan {
  const { item, original } = record;
  if (original && original.id === item.id && original.meta?.versionId) {
    const operations = diff(original, item);
    return operations.length === 0 ? { kind: 'nothing' } : { kind: 'patch', versionId: original.meta.versionId, operations };
  }
  // The server owns meta; the version to replace travels in the query instead.
  const { meta, ...body } = item;
  const versionId = original?.meta?.versionId || meta?.versionId || undefined;
  return { kind: 'put', versionId, body };
}

const withVersion = (path: string, versionId: string | undefined) =>
  versionId ? `${path}?versionId=${encodeURIComponent(versionId)}` : path;

function writeHeaders(record: PendingWrite): Record<string, string> {
  const headers: Record<string, string> = { [HEADERS.idempotencyKey]: record.idempotencyKey };
  if (record.profile) headers[HEADERS.profile] = record.profile;
  return headers;
}

/**
 * Sends a queued upsert and answers the server's copy after it (the original itself when there
 * was nothing to send). The request is a pure function of the record, so a retry repeats it byte
 * for byte, which the server's idempotency check requires.
 */
export async function sendUpsert(api: ApiClient, record: PendingUpsert): Promise<Resource> {
  const path = resourcePath(record.collection, record.practiceId, record.id);
  // Loaded once, usually while the write was being queued (enqueue.ts); resolved at once after.
  const plan = planUpsert(record, loadedPatchGenerator() ?? (await loadPatchGenerator()));
  const headers = writeHeaders(record);
  switch (plan.kind) {
    case 'nothing':
      return record.original!;
    case 'patch':
      return api.patch<Resource>(withVersion(path, plan.versionId), plan.operations, {
        headers: { ...headers, 'content-type': JSON_PATCH_CONTENT_TYPE },
      });
    case 'put':
      return api.put<Resource>(withVersion(path, plan.versionId), plan.body, { headers });
  }
}

/**
 * Sends a queued upload's bytes (POST `{id}/content`). Without `?versionId=`: the server does not
 * honour idempotency keys on uploads, and a retry after a lost answer then adds one more version
 * with the same bytes rather than a false 409.
 */
export async function sendUpload(api: ApiClient, record: PendingUpsert): Promise<void> {
  const path = resourcePath(record.collection, record.practiceId, record.id);
  const content = record.content!;
  await api.send('POST', `${path}/content`, {
    rawBody: content.blob,
    headers: { ...writeHeaders(record), 'content-type': content.contentType },
  });
}

/** Reads the server's current copy of a queued write's item. */
export const fetchServerCopy = (api: ApiClient, record: PendingWrite) =>
  api.get<Resource>(resourcePath(record.collection, record.practiceId, record.id));

/**
 * Sends a queued delete (DELETE `?versionId=`). An item that never reached the server (no version)
 * has nothing to delete there.
 */
export async function sendDelete(api: ApiClient, record: PendingDelete): Promise<void> {
  const versionId = record.item.meta?.versionId;
  if (!versionId) return;
  const path = resourcePath(record.collection, record.practiceId, record.id);
  await api.send('DELETE', withVersion(path, versionId), { headers: writeHeaders(record) });
}

/**
 * Sends one queued write of any kind; answers the server's copy after an upsert or an upload.
 * `remember` stores the record once an upload's bytes were accepted, so that a failed re-fetch
 * retries only the re-fetch, not the upload.
 */
export async function sendPending(
  api: ApiClient,
  record: PendingWrite,
  remember: (record: PendingWrite) => Promise<void>,
): Promise<Resource | undefined> {
  switch (record.kind) {
    case 'delete':
      await sendDelete(api, record);
      return undefined;
    case 'upsert':
      return sendUpsert(api, record);
    case 'upload':
      if (!record.uploaded) {
        await sendUpload(api, record);
        record.uploaded = true;
        await remember(record);
      }
      // SPEC.md section 4: after an upload the resource is read again (its content and version changed).
      return fetchServerCopy(api, record);
  }
}
