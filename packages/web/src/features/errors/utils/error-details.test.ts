import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/index.ts';
import { describeError, formatBody } from './error-details.ts';

const apiError = (status: number, responseText: string, requestId?: string) =>
  new ApiError({
    status,
    body: (() => {
      try {
        return JSON.parse(responseText) as never;
      } catch {
        return undefined;
      }
    })(),
    responseText,
    requestId,
  });

describe('the error-details dialog', () => {
  it('shows an HTTP error by request id, status, the response title and its JSON body, indented', () => {
    const details = describeError(apiError(500, '{"title":"Internal Server Error","status":500,"detail":"Sorry."}', 'req-abc123'));
    expect(details).toEqual({
      kind: 'http',
      title: 'Internal Server Error',
      status: 500,
      requestId: 'req-abc123',
      body: { format: 'json', text: '{\n  "title": "Internal Server Error",\n  "status": 500,\n  "detail": "Sorry."\n}' },
    });
  });

  it('falls back to the message when the response has no title, and keeps a body that is not JSON as text', () => {
    const details = describeError(apiError(502, '<h1>Bad gateway</h1>'));
    expect(details).toMatchObject({ kind: 'http', title: 'The server answered 502.', status: 502, requestId: undefined });
    expect(details.kind === 'http' && details.body).toEqual({ format: 'text', text: '<h1>Bad gateway</h1>' });
    expect(formatBody('  ')).toBeUndefined();
  });

  it('shows any other error by name, message and stack', () => {
    const error = new RangeError('Too far.');
    expect(describeError(error)).toEqual({ kind: 'other', name: 'RangeError', message: 'Too far.', stack: error.stack });
    expect(describeError('just a string')).toEqual({ kind: 'other', name: 'string', message: 'just a string', stack: undefined });
  });
});
