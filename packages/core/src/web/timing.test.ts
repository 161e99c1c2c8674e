import { describe, expect, it } from 'vitest';
import {
  BUFFER_DEBOUNCE_MS,
  EXPANSION_BATCH_SIZE,
  FAILED_UPSERT_EVICTION_MINUTES,
  FETCH_ALL_PAGE_SIZE,
  LOCAL_DB_SCHEMA_VERSION,
  MAX_TIMER_DELAY_MS,
  NETWORK_RETRY_MS,
  RATE_LIMIT_DEFAULT_WAIT_S,
  RETRYABLE_STATUSES,
  SECURITY_TOKEN_LIFETIME_MS,
  VALIDATION_REGEX_CACHE_SIZE,
  WRITE_QUEUE_RETRY_MS,
  isRetryableStatus,
  retryAfterMs,
  retryDelayMs,
} from './timing.ts';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

describe('section 9 constants', () => {
  it('holds the values of the spec', () => {
    expect(RATE_LIMIT_DEFAULT_WAIT_S).toBe(100);
    expect(NETWORK_RETRY_MS).toBe(5000);
    expect(WRITE_QUEUE_RETRY_MS).toBe(2000);
    expect(SECURITY_TOKEN_LIFETIME_MS).toBe(86_400_000);
    expect(EXPANSION_BATCH_SIZE).toBe(100);
    expect(FETCH_ALL_PAGE_SIZE).toBe(100);
    expect(LOCAL_DB_SCHEMA_VERSION).toBe(2);
    expect(BUFFER_DEBOUNCE_MS).toBe(200);
    expect(FAILED_UPSERT_EVICTION_MINUTES).toBe(1440);
    expect(RETRYABLE_STATUSES).toEqual([408, 429, 449]);
    expect(VALIDATION_REGEX_CACHE_SIZE).toBe(512);
  });

  it('names the retryable statuses', () => {
    expect([408, 429, 449].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 404, 409, 410, 500, 502, 503].some(isRetryableStatus)).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('retries a 408 after 2 s', () => {
    expect(retryDelayMs({ status: 408 })).toBe(2000);
    expect(retryDelayMs({ status: 408, retryAfter: 30 })).toBe(2000);
  });

  it.each([429, 449])('honours Retry-After on %i, in seconds', (status) => {
    expect(retryDelayMs({ status, retryAfter: 7 })).toBe(7000);
    expect(retryDelayMs({ status, retryAfter: '30' })).toBe(30_000);
    expect(retryDelayMs({ status, retryAfter: ' 12 ' })).toBe(12_000);
    expect(retryDelayMs({ status, retryAfter: 0 })).toBe(0);
    expect(retryDelayMs({ status, retryAfter: '1.5' })).toBe(1500);
  });

  it.each([429, 449])('waits 100 s on %i without a usable Retry-After', (status) => {
    for (const retryAfter of [undefined, null, '', 'soon', '-5', -5, Number.NaN, Number.POSITIVE_INFINITY, '1e3', '0x10']) {
      expect(retryDelayMs({ status, retryAfter })).toBe(100_000);
    }
  });

  it('reads a Retry-After HTTP date against the given clock', () => {
    const inAMinute = new Date(NOW + 60_000).toUTCString();
    expect(retryDelayMs({ status: 429, retryAfter: inAMinute }, NOW)).toBe(60_000);
    const past = new Date(NOW - 60_000).toUTCString();
    expect(retryDelayMs({ status: 429, retryAfter: past }, NOW)).toBe(0);
  });

  it('never returns a delay a timer would turn into an immediate retry', () => {
    expect(retryDelayMs({ status: 429, retryAfter: 10_000_000 })).toBe(MAX_TIMER_DELAY_MS);
    expect(retryDelayMs({ status: 429, retryAfter: new Date(NOW + 10 ** 11).toUTCString() }, NOW)).toBe(MAX_TIMER_DELAY_MS);
  });

  it('retries network failures every 5 s', () => {
    expect(retryDelayMs({})).toBe(5000);
    expect(retryDelayMs({ status: 0 })).toBe(5000);
    expect(retryDelayMs({ code: 'ERR_NETWORK' })).toBe(5000);
    expect(retryDelayMs({ code: 'ECONNABORTED' })).toBe(5000);
    expect(retryDelayMs({ code: 'ETIMEDOUT' })).toBe(5000);
    expect(retryDelayMs({ code: 'ECONNREFUSED' })).toBe(5000);
    // A timeout code wins over whatever status came with it.
    expect(retryDelayMs({ status: 500, code: 'ETIMEDOUT' })).toBe(5000);
  });

  it('does not retry a cancelled request', () => {
    expect(retryDelayMs({ code: 'ERR_CANCELED' })).toBeUndefined();
  });

  it.each([400, 401, 403, 404, 409, 410, 412, 422, 500, 502, 503, 504])('does not retry %i', (status) => {
    expect(retryDelayMs({ status })).toBeUndefined();
    expect(retryDelayMs({ status, retryAfter: 5 })).toBeUndefined();
  });
});

describe('retryAfterMs', () => {
  it('gives undefined for absent and invalid values', () => {
    expect(retryAfterMs(undefined, NOW)).toBeUndefined();
    expect(retryAfterMs(null, NOW)).toBeUndefined();
    expect(retryAfterMs('next tuesday', NOW)).toBeUndefined();
    expect(retryAfterMs(-1, NOW)).toBeUndefined();
  });

  it('rounds fractions of a millisecond up', () => {
    expect(retryAfterMs(0.0001, NOW)).toBe(1);
  });
});
