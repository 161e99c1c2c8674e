import { AppError, ErrorCodes } from '@caseload/core';
import type { Queryable } from '../db/database.ts';

/**
 * Failures allowed per e-mail and per address within the window before sign-in is refused
 * (docs/identity.md). The per-e-mail limit stops guessing one account; the per-address limit stops
 * one address spraying a password over many accounts. A clinic's staff share one public address,
 * but a throttled e-mail adds no further failures, so one person's typos count at most 5 of the 30:
 * locking a clinic out takes six people failing in the same quarter hour, while an attacker
 * elsewhere locks out only its own address.
 */
export const THROTTLE = { windowMinutes: 15, perEmail: 5, perAddress: 30 } as const;

export const THROTTLED_MESSAGE = 'Too many failed sign-ins. Wait a few minutes and try again.';

const keys = (email: string, address: string | undefined) => [`email:${email}`, ...(address ? [`address:${address}`] : [])];

/**
 * Refuses a sign-in (429 with Retry-After) while its e-mail or address has too many recent
 * failures. Counting happens before the password is checked, so a throttled guess costs no hash.
 */
export async function assertNotThrottled(db: Queryable, email: string, address: string | undefined, now: Date): Promise<void> {
  const [emailKey, addressKey] = keys(email, address);
  const r = await db.query<{ key: string; failures: string; oldest: Date }>(
    `SELECT key, count(*) AS failures, min(failed_at) AS oldest FROM sign_in_failures
     WHERE key = ANY($1::text[]) AND failed_at > $2::timestamptz - make_interval(mins => $3)
     GROUP BY key`,
    [[emailKey, addressKey].filter(Boolean), now, THROTTLE.windowMinutes],
  );
  for (const row of r.rows) {
    const limit = row.key === emailKey ? THROTTLE.perEmail : THROTTLE.perAddress;
    if (Number(row.failures) >= limit) {
      const reopens = row.oldest.getTime() + THROTTLE.windowMinutes * 60_000;
      const retryAfter = Math.max(1, Math.ceil((reopens - now.getTime()) / 1000));
      throw new AppError(ErrorCodes.TooManyRequests, THROTTLED_MESSAGE, { retryAfter });
    }
  }
}

export async function recordFailure(db: Queryable, email: string, address: string | undefined): Promise<void> {
  const list = keys(email, address);
  await db.query('INSERT INTO sign_in_failures (key) SELECT unnest($1::text[])', [list]);
}

export async function clearFailures(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM sign_in_failures WHERE key = $1', [`email:${email}`]);
}
