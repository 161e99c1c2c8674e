import { describe, expect, it } from 'vitest';
import { MESSAGES, SUB_STATUS } from '../errors/messages.ts';
import {
  INVALID_SECURITY_TOKEN_MESSAGE,
  SHOW_ERROR_DETAILS_LABEL,
  STALE_BUILD_TEXT,
  VITE_PRELOAD_ERROR_EVENT,
  clearsSecurityToken,
  httpFailureOf,
  isAbortError,
  isStaleBuildError,
  messageForStatus,
  userMessageFor,
} from './error-catalogue.ts';

describe('messageForStatus', () => {
  it.each([
    [401, 'Session expired.  Please refresh the page.'],
    [403, "You don't have permissions to perform this action."],
    [404, 'The requested data was not found.'],
    [408, 'A timeout occurred while attempting your request.  Some of your requests may not have completed.'],
    [409, 'Your changes conflict with those made concurrently by another user.'],
    [410, 'The requested data was deleted or is no longer accessible.'],
  ])('gives section 8 word for word for %i', (status, message) => {
    expect(messageForStatus(status)).toBe(message);
  });

  it.each([400, 405, 412, 422, 429, 449, 500, 502, 503, 599, 302, 0])('gives the other-HTTP message for %i', (status) => {
    expect(messageForStatus(status)).toBe(
      "Sorry, we couldn't complete your request. We have logged the issue and sent back to our team for further review.",
    );
  });

  it('puts the security-token sub-statuses before the status', () => {
    expect(messageForStatus(403, 1002)).toBe('Your temporary access security token has expired.');
    expect(messageForStatus(403, 1001)).toBe('Your temporary access security token is invalid.');
    expect(messageForStatus(401, 1002)).toBe(MESSAGES.tokenExpired);
    expect(INVALID_SECURITY_TOKEN_MESSAGE).toBe('Your temporary access security token is invalid.');
  });

  it('ignores unknown sub-statuses', () => {
    expect(messageForStatus(403, 1003)).toBe(MESSAGES.forbidden);
    expect(messageForStatus(404, 0)).toBe(MESSAGES.notFound);
  });
});

describe('section 8 and section 2 texts', () => {
  it('holds the stale-build screen, the page-load failure and the non-HTTP message', () => {
    expect(STALE_BUILD_TEXT).toEqual({
      heading: 'Updates are ready!',
      message: "Looks like you'll need to refresh the page to go further.",
      action: 'Refresh the page',
    });
    expect(SHOW_ERROR_DETAILS_LABEL).toBe('Show me nerd stuff');
    expect(MESSAGES.pageLoadFailure).toBe("Looks like this page couldn't be loaded.  You may need to refresh the page.");
    expect(MESSAGES.nonHttp).toBe('Oops! An unknown error has occurred.');
  });
});

describe('clearsSecurityToken', () => {
  it('is true for sub-statuses 1001 and 1002 on an error answer', () => {
    expect(clearsSecurityToken(403, SUB_STATUS.invalidSecurityToken)).toBe(true);
    expect(clearsSecurityToken(403, SUB_STATUS.expiredSecurityToken)).toBe(true);
    expect(clearsSecurityToken(401, 1002)).toBe(true);
  });

  it('is false otherwise', () => {
    expect(clearsSecurityToken(403, undefined)).toBe(false);
    expect(clearsSecurityToken(403, 1003)).toBe(false);
    expect(clearsSecurityToken(401, undefined)).toBe(false);
    expect(clearsSecurityToken(200, 1002)).toBe(false);
    expect(clearsSecurityToken(undefined, 1001)).toBe(false);
  });
});

describe('httpFailureOf and userMessageFor', () => {
  class ApiErrorLike extends Error {
    constructor(
      readonly status: number,
      readonly subStatus?: number,
    ) {
      super('server said no');
    }
  }

  it('reads an ApiError-like error', () => {
    expect(httpFailureOf(new ApiErrorLike(409))).toEqual({ status: 409 });
    expect(httpFailureOf(new ApiErrorLike(403, 1002))).toEqual({ status: 403, subStatus: 1002 });
    expect(userMessageFor(new ApiErrorLike(409))).toBe(MESSAGES.conflict);
    expect(userMessageFor(new ApiErrorLike(403, 1001))).toBe(INVALID_SECURITY_TOKEN_MESSAGE);
  });

  it('reads a body or an axios-like response', () => {
    expect(httpFailureOf({ status: 403, body: { subStatus: 1002 } })).toEqual({ status: 403, subStatus: 1002 });
    expect(httpFailureOf({ response: { status: 410, data: { subStatus: 1001 } } })).toEqual({ status: 410, subStatus: 1001 });
    expect(userMessageFor({ response: { status: 401 } })).toBe(MESSAGES.unauthorized);
  });

  it('does not take a non-HTTP number for a status', () => {
    expect(httpFailureOf({ status: 'failed' })).toBeUndefined();
    expect(httpFailureOf({ status: 42 })).toBeUndefined();
    expect(httpFailureOf({ status: 404.5 })).toBeUndefined();
    expect(httpFailureOf({ status: 500, subStatus: 'x' })).toEqual({ status: 500 });
    expect(httpFailureOf(null)).toBeUndefined();
    expect(httpFailureOf('500')).toBeUndefined();
  });

  it('gives the page-load message for a failed load and the unknown-error message for the rest', () => {
    expect(userMessageFor(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(MESSAGES.pageLoadFailure);
    expect(userMessageFor(new RangeError('boom'))).toBe('Oops! An unknown error has occurred.');
    expect(userMessageFor(undefined)).toBe(MESSAGES.nonHttp);
    expect(userMessageFor('a string')).toBe(MESSAGES.nonHttp);
  });
});

describe('isAbortError', () => {
  it('recognises aborts and cancellations', () => {
    expect(isAbortError(new DOMException('The operation was aborted.', 'AbortError'))).toBe(true);
    const aborted = new AbortController();
    aborted.abort();
    expect(isAbortError(aborted.signal.reason)).toBe(true);
    expect(isAbortError(Object.assign(new Error('x'), { name: 'AbortError' }))).toBe(true);
    expect(isAbortError(Object.assign(new Error('canceled'), { name: 'CanceledError', code: 'ERR_CANCELED' }))).toBe(true);
    expect(isAbortError({ code: 'ERR_CANCELED', message: 'canceled' })).toBe(true);
  });

  it('looks through causes', () => {
    const abort = new DOMException('aborted', 'AbortError');
    expect(isAbortError(new Error('network', { cause: abort }))).toBe(true);
    expect(isAbortError(new Error('outer', { cause: new Error('inner', { cause: abort }) }))).toBe(true);
  });

  it('does not call other errors aborts', () => {
    expect(isAbortError(new DOMException('timed out', 'TimeoutError'))).toBe(false);
    expect(isAbortError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAbortError({ code: 'ECONNABORTED' })).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
    expect(isAbortError(undefined)).toBe(false);
  });

  it('survives a cycle of causes', () => {
    const a: { name: string; cause?: unknown } = { name: 'Error' };
    a.cause = { name: 'Error', cause: a };
    expect(isAbortError(a)).toBe(false);
  });
});

describe('isStaleBuildError', () => {
  it.each([
    ['Chrome', 'Failed to fetch dynamically imported module: https://caseload.example/assets/NotesPage-3f9a.js'],
    ['Firefox', 'error loading dynamically imported module: https://caseload.example/assets/NotesPage-3f9a.js'],
    ['Safari', 'Importing a module script failed.'],
    ['Vite CSS preload', 'Unable to preload CSS for /assets/NotesPage-3f9a.css'],
    [
      'Chrome, chunk answered with HTML',
      'Failed to load module script: Expected a JavaScript module script but the server responded with a MIME type of "text/html".',
    ],
  ])('recognises %s', (_, message) => {
    expect(isStaleBuildError(new TypeError(message))).toBe(true);
  });

  it("recognises Vite's preload-error event, and a wrapped load failure", () => {
    const event = new Event(VITE_PRELOAD_ERROR_EVENT);
    expect(VITE_PRELOAD_ERROR_EVENT).toBe('vite:preloadError');
    expect(isStaleBuildError(event)).toBe(true);
    expect(isStaleBuildError({ type: 'vite:preloadError', payload: new Error('x') })).toBe(true);
    expect(isStaleBuildError(Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isStaleBuildError(new Error('lazy route', { cause: new TypeError('Importing a module script failed.') }))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isStaleBuildError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isStaleBuildError(new Event('error'))).toBe(false);
    expect(isStaleBuildError(new Error('module not found'))).toBe(false);
    expect(isStaleBuildError(null)).toBe(false);
    expect(isStaleBuildError('Importing a module script failed.')).toBe(false);
  });
});
