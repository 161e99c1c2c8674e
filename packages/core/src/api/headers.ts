/**
 * The header names of SPEC.md section 7. The spec names what each header carries, not its name;
 * these are ours, documented in docs/api.md. Lower-case, as HTTP/2 and Node present them.
 */
export const HEADERS = {
  continuationToken: 'x-continuation-token',
  ifNoneExist: 'if-none-exist',
  prefer: 'prefer',
  totalCount: 'x-total-count',
  serverTiming: 'server-timing',
  timeToLive: 'x-time-to-live',
  sync: 'x-sync',
  automation: 'x-automation',
  retryAfter: 'retry-after',
  securityToken: 'x-security-token',
  requestId: 'x-request-id',
  profile: 'x-profile',
  partitionKey: 'x-partition-key',
  userSystem: 'x-user-system',
  noHistory: 'x-no-history',
  enableCrossPartition: 'x-enable-cross-partition',
  idempotencyKey: 'idempotency-key',
  /** The content type of a chunked upload, sent with its commit. */
  contentType: 'x-content-type',
  xsrf: 'x-xsrf-token',
  /** The kiosk calls' credential (docs/portal.md, "Kiosk mode"). */
  kioskToken: 'x-kiosk-token',
} as const;

/** `Prefer: return=minimal` asks a query for its count only (204 + total-count header). */
export const PREFER_MINIMAL = 'return=minimal';

/** Client defaults of section 7. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const JSON_PATCH_CONTENT_TYPE = 'application/json-patch+json';
