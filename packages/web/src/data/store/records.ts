import type { Issue, Resource } from '@caseload/core';
import type { FieldChange } from '../field-changes.ts';

/**
 * The records the local store keeps (SPEC.md section 4: items, historical, views, pending upserts,
 * pending deletes, failed upserts). Every record names its collection (the URL segment, e.g.
 * `Patients`), so one store per user holds a local store per resource type side by side.
 */

/** One resource as screens see it. */
export interface StoredItem<T extends Resource = Resource> {
  collection: string;
  id: string;
  /** The practice network it belongs to; '' for the global collections. */
  practiceId: string;
  /** The patient partition, for patient-partitioned types. */
  partition?: string;
  /** What screens show: the server's copy with the user's unsent edits applied. */
  item: T;
  /** The last copy the server confirmed, restored when the server refuses an edit. */
  saved?: T;
  /** True while edits of this item wait in the queue. */
  dirty: boolean;
  /**
   * When (device clock) the server last accepted a write of this item made here. Lists read
   * before then keep showing it (a new item is in no server answer until the list is read again).
   */
  confirmedAt?: number;
}

/** An older version read from the server (`_history/{versionId}`); versions never change. */
export interface HistoricalItem {
  collection: string;
  id: string;
  versionId: string;
  item: Resource;
}

/** Which ids, in which order, the server answered for one list or query. */
export interface StoredView {
  /** The query's identity: practice, collection, partition, filters. */
  key: string;
  collection: string;
  ids: string[];
  fetchedAt: number;
}

/** Fields every queued write has. `seq` orders all of them, upserts and deletes together. */
interface PendingWriteBase {
  /** Creation order across both queue tables; assigned by the store. */
  seq: number;
  collection: string;
  id: string;
  /** The practice network the write goes to, fixed when queued so a practice switch cannot redirect it. */
  practiceId: string;
  /** The acting profile (`x-profile`) when the edit was made. */
  profile?: string;
  /**
   * Generated once when queued and sent on every attempt, so a retry after a lost answer is
   * replayed by the server instead of applied twice (docs/api.md, idempotency).
   */
  idempotencyKey: string;
  createdAt: number;
  /** Attempts that ended in a retryable failure. */
  attempts: number;
  lastAttempt?: number;
}

/** A queued upsert (or content upload) of one item. */
export interface PendingUpsert extends PendingWriteBase {
  kind: 'upsert' | 'upload';
  /** The whole item as the user left it when this write was queued. */
  item: Resource;
  /**
   * The server copy the edit was made on, when known: the write is then a PATCH of the
   * difference. Filled in when an earlier write of the same item succeeds.
   */
  original?: Resource;
  /** For uploads: the bytes and their type. */
  content?: { blob: Blob; contentType: string };
  /** For uploads: the bytes were accepted and only the re-fetch of the resource is left. */
  uploaded?: boolean;
}

/** A queued delete; `item` is the local copy marked deleted. */
export interface PendingDelete extends PendingWriteBase {
  kind: 'delete';
  item: Resource;
}

export type PendingWrite = PendingUpsert | PendingDelete;

/**
 * A write the server refused, one record per edit: a refusal drops the item's later edits too
 * (they were made on the refused one) and each keeps a record of its own. Kept (with the whole
 * item as that edit left it, so the user's text can be recovered) until dismissed or until
 * FAILED_UPSERT_EVICTION_MINUTES after the last attempt.
 */
export interface FailedUpsert {
  /** Identifies the record: a hash of the collection, id, the item written and the write's key. */
  hash: string;
  collection: string;
  id: string;
  operation: 'upsert' | 'upload' | 'delete';
  item: Resource;
  /**
   * What this edit changed, against the copy it was made on (the edit before it, or the server's
   * copy): the values the user typed. Every field for a new item; absent for a delete, and in
   * records kept before it was recorded.
   */
  changes?: FieldChange[];
  /** When the user made the edit (ms since the epoch); absent in records kept before it was recorded. */
  madeAt?: number;
  /** The write's place in the queue: the order of an item's edits. */
  seq?: number;
  /** When the refused attempt was made (ms since the epoch). */
  lastAttempt: number;
  /** The refusal's HTTP status; 0 when it was not an HTTP answer. */
  status: number;
  /** The server's words (its `detail`), to show. */
  detail?: string;
  /** The refusal's issues, each naming a field of `item` by path (a 400's `issues`), so a screen can show each beside its field. */
  issues?: Issue[];
}

/** The tables of the local store. */
export type StoreTable = 'items' | 'historical' | 'views' | 'pendingUpserts' | 'pendingDeletes' | 'failedUpserts';

/** What changed, told to the store's subscribers. */
export interface StoreChange {
  table: StoreTable;
  /** Set when the change concerns one collection only. */
  collection?: string;
  /** The records were cleared (patient closed, sign-out): live reads should ask the server again. */
  cleared?: boolean;
  /**
   * For the queue tables: how many records the change added (+1), removed (-1) or neither (0),
   * so the pending count follows a draining queue without a count query per write. Absent when
   * unknown (a clear): count again.
   */
  delta?: number;
}
