/**
 * The data layer's timings and sizes, SPEC.md section 9 ("Timing and size limits"), in one place
 * so the tests and the code read the same numbers.
 */

/** The IndexedDB schema version of the local store. */
export const LOCAL_DB_SCHEMA_VERSION = 2;

/** A write answered 408 (or refused for a dropped security token) is tried again after this. */
export const WRITE_QUEUE_RETRY_MS = 2_000;

/** A 429 or 449 without a Retry-After header waits this long. */
export const RATE_LIMIT_DEFAULT_WAIT_MS = 100_000;

/** A write that got no answer (offline, refused, timed out) is tried again this often. */
export const NETWORK_RETRY_MS = 5_000;

/** Statuses that mean "not now" rather than "no": the write stays queued. */
export const RETRYABLE_STATUSES: readonly number[] = [408, 429, 449];

/** Statuses that ask the client to slow down, honouring Retry-After. */
export const RATE_LIMIT_STATUSES: readonly number[] = [429, 449];

/** A failed-upsert record is kept this long after its last attempt, then evicted. */
export const FAILED_UPSERT_EVICTION_MINUTES = 1_440;

/** Page size of a fetch-all read. */
export const FETCH_ALL_PAGE_SIZE = 100;

/** Ids (or version ids) per query when expanding references or reading buffered ids. */
export const EXPANSION_BATCH_SIZE = 100;

/** Reads of one collection asked for within this window become one query. */
export const BUFFER_DEBOUNCE_MS = 200;

/** Results per page of a paged search (usePagedQuery): a screenful or two, read as the user scrolls. */
export const PAGED_QUERY_PAGE_SIZE = 50;
