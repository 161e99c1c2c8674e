import type { Queryable } from '../database.ts';

export interface Migration {
  version: number;
  name: string;
  up(db: Queryable): Promise<void>;
}

/**
 * Versioned schema changes, applied in order at start-up, each once. Never edit one that has
 * shipped: add the next. Resource tables are not here: they follow the registry
 * (resource-tables.ts).
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'practices, secrets, idempotency keys, upload chunks',
    async up(db) {
      await db.query(`
        CREATE TABLE practices (
          id text PRIMARY KEY,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE server_secrets (
          name text PRIMARY KEY,
          value text NOT NULL
        );
        CREATE TABLE idempotency_keys (
          practice_id text NOT NULL,
          key text NOT NULL,
          request_hash text NOT NULL,
          status integer,
          response jsonb,
          created_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (practice_id, key)
        );
        CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
      `);
    },
  },
];
