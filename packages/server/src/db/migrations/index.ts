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
  {
    version: 2,
    name: 'accounts, memberships, sessions, sign-in failures, one-time tokens',
    async up(db) {
      await db.query(`
        CREATE TABLE accounts (
          id text PRIMARY KEY,
          email text NOT NULL,
          password_hash text,
          associate_role text,
          disabled boolean NOT NULL DEFAULT false,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE UNIQUE INDEX accounts_email ON accounts (email);
        CREATE TABLE memberships (
          account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          practice_id text NOT NULL,
          profile_type text NOT NULL,
          profile_id text NOT NULL,
          roles text[] NOT NULL DEFAULT '{}',
          active boolean NOT NULL DEFAULT true,
          PRIMARY KEY (account_id, practice_id, profile_type, profile_id)
        );
        CREATE UNIQUE INDEX memberships_profile ON memberships (practice_id, profile_type, profile_id);
        CREATE TABLE sessions (
          id_hash text PRIMARY KEY,
          account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          xsrf_token text NOT NULL,
          idle_timeout_minutes integer NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          last_seen_at timestamptz NOT NULL DEFAULT now(),
          ended_at timestamptz,
          address text,
          user_agent text
        );
        CREATE INDEX sessions_account ON sessions (account_id);
        CREATE TABLE sign_in_failures (
          key text NOT NULL,
          failed_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX sign_in_failures_key ON sign_in_failures (key, failed_at);
        CREATE TABLE one_time_tokens (
          token_hash text PRIMARY KEY,
          kind text NOT NULL,
          account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          practice_id text NOT NULL,
          expires_at timestamptz NOT NULL,
          used_at timestamptz
        );
      `);
    },
  },
];
