import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, isErrorToShow } from './api-error.ts';

const apiError = (status: number) => new ApiError({ status, body: { title: 'x' }, responseText: '' });

describe('isErrorToShow', () => {
  it('leaves aborted requests and 401s (the session-expired dialog) out', () => {
    const abort = new Error('aborted');
    abort.name = 'AbortError';
    expect(isErrorToShow(abort)).toBe(false);
    expect(isErrorToShow(apiError(401))).toBe(false);
  });

  it('shows every other failure', () => {
    expect(isErrorToShow(apiError(403))).toBe(true);
    expect(isErrorToShow(apiError(500))).toBe(true);
    expect(isErrorToShow(new NetworkError(new TypeError('fetch failed')))).toBe(true);
  });
});
