import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/index.ts';
import { classifyFailure } from './retry-policy.ts';

const http = (status: number, extra: { retryAfter?: number; subStatus?: number } = {}) =>
  new ApiError({
    status,
    body: { title: 't', status, detail: `d${status}`, subStatus: extra.subStatus },
    responseText: '',
    retryAfter: extra.retryAfter,
  });

describe('classifyFailure (SPEC.md sections 4, 8, 9)', () => {
  it('retries 408 after 2 s, 429 and 449 after Retry-After or 100 s, no answer after 5 s', () => {
    expect(classifyFailure(http(408), 'upsert')).toEqual({ kind: 'retry', delayMs: 2_000, reason: 'status' });
    expect(classifyFailure(http(429, { retryAfter: 3 }), 'upsert')).toEqual({ kind: 'retry', delayMs: 3_000, reason: 'status' });
    expect(classifyFailure(http(449), 'delete')).toEqual({ kind: 'retry', delayMs: 100_000, reason: 'status' });
    expect(classifyFailure(new NetworkError(new TypeError('refused')), 'upsert')).toEqual({
      kind: 'retry',
      delayMs: 5_000,
      reason: 'network',
    });
  });

  it('stops for a 401, finishes deletes answered 404 or 410, refuses the rest', () => {
    expect(classifyFailure(http(401), 'upsert')).toEqual({ kind: 'unauthorized' });
    expect(classifyFailure(http(404), 'delete')).toEqual({ kind: 'done' });
    expect(classifyFailure(http(410), 'delete')).toEqual({ kind: 'done' });
    expect(classifyFailure(http(404), 'upsert')).toEqual({ kind: 'refused', status: 404, detail: 'd404' });
    expect(classifyFailure(http(409), 'upsert')).toEqual({ kind: 'refused', status: 409, detail: 'd409' });
    expect(classifyFailure(http(500), 'upsert')).toEqual({ kind: 'refused', status: 500, detail: 'd500' });
  });

  it("keeps a 400's issues, so a screen can show each beside the field it names", () => {
    const issues = [{ path: 'elements[1].parent', message: "Objective 'o' must belong to a goal." }];
    const refusal = new ApiError({ status: 400, body: { title: 't', status: 400, detail: 'd', issues }, responseText: '' });
    expect(classifyFailure(refusal, 'upsert')).toEqual({ kind: 'refused', status: 400, detail: 'd', issues });
  });

  it('retries once a refused security token (1001, 1002) is dropped; other 403s are refusals', () => {
    expect(classifyFailure(http(403, { subStatus: 1001 }), 'upsert')).toMatchObject({ kind: 'retry', delayMs: 2_000 });
    expect(classifyFailure(http(403, { subStatus: 1002 }), 'upsert')).toMatchObject({ kind: 'retry' });
    expect(classifyFailure(http(403), 'upsert')).toMatchObject({ kind: 'refused', status: 403 });
  });
});
