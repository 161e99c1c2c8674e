import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/**
 * A secret shared by every server on the same database, made by whichever starts first. Kept in
 * the database rather than in configuration so a fleet agrees without set-up.
 */
export async function sharedSecret(db: Queryable, name: string): Promise<Buffer> {
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64'),
  ]);
  const found = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
  return Buffer.from(found.rows[0]!.value, 'base64');
}
