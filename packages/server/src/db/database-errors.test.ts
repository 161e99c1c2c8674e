import { MESSAGES, conflict } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { leavesConnectionUnusable, unavailableFor } from './database-errors.ts';

/** Errors shaped as node-postgres and Node raise them (the integration tests meet the real ones). */
const pgError = (code: string, message = 'error') => Object.assign(new Error(message), { code });

describe('unavailableFor', () => {
  it('answers a lost database 503 with Retry-After 2', () => {
    for (const error of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      pgError('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')]),
    ]) {
      expect(unavailableFor(error), String(error)).toMatchObject({
        code: 'Unavailable',
        retryAfter: 2,
        message: MESSAGES.databaseUnavailable,
      });
    }
  });

  it('answers a time limit 503 with Retry-After 5 and the catalogue timeout message', () => {
    for (const error of [
      pgError('57014', 'canceling statement due to statement timeout'),
      pgError('55P03', 'canceling statement due to lock timeout'),
      new Error('Query read timeout'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(unavailableFor(error), String(error)).toMatchObject({ code: 'Unavailable', retryAfter: 5, message: MESSAGES.timeout });
    }
  });

  it('leaves every other error alone', () => {
    for (const error of [pgError('23505', 'duplicate key value'), pgError('42P01'), new Error('boom'), conflict(), undefined, 'text']) {
      expect(unavailableFor(error), String(error)).toBeUndefined();
    }
  });
});

describe('leavesConnectionUnusable', () => {
  it('is true for a lost connection and for a statement the client stopped waiting for, not for a server-side timeout', () => {
    expect(leavesConnectionUnusable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(leavesConnectionUnusable(new Error('Query read timeout'))).toBe(true);
    expect(leavesConnectionUnusable(pgError('57014'))).toBe(false);
    expect(leavesConnectionUnusable(pgError('23505'))).toBe(false);
  });
});
