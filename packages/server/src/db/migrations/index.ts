import type { Queryable } from '../database.ts';
import { patientMrnUnique } from './006-patient-mrn-unique.ts';
import { membershipLinkOrder } from './007-membership-link-order.ts';
import { calendarFeeds } from './008-calendar-feeds.ts';
import { kioskSessions } from './009-kiosk-sessions.ts';

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
  {
    version: 3,
    name: 'text search: pg_trgm and the searchable text of a body',
    async up(db) {
      // caseload_search_text builds the `_text` filter's haystack (storage/filter-index-sql.ts):
      // every string at the given jsonpaths, lowercased, joined by spaces. It is IMMUTABLE so a
      // stored generated column can hold it and a trigram index can cover it.
      await db.query(`
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
        CREATE OR REPLACE FUNCTION caseload_search_text(body jsonb, paths jsonpath[]) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
          SELECT lower(coalesce(string_agg(v #>> '{}', ' '), ''))
          FROM unnest(paths) AS p, jsonb_path_query(body, p) AS v
          WHERE jsonb_typeof(v) = 'string'
        $$;
      `);
    },
  },
  {
    version: 4,
    name: 'caller-change notifications for the caller cache',
    async up(db) {
      // After a change commits, every server's caller cache hears which account, session or
      // practice to forget (identity/caller-notifications.ts). Touching last_seen_at (forward)
      // notifies nothing; ending a session, or anything that brings its expiry closer, does. The
      // resource tables that shape a principal (security roles, practice preferences,
      // practitioners) get caseload_notify_practice_change from db/resource-tables.ts.
      await db.query(`
        CREATE OR REPLACE FUNCTION caseload_notify_caller_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify('caseload_callers', TG_ARGV[0] || ':' || (to_jsonb(COALESCE(NEW, OLD)) ->> TG_ARGV[1]));
          RETURN NULL;
        END $$;
        CREATE OR REPLACE FUNCTION caseload_notify_practice_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify('caseload_callers', 'practice:' || COALESCE(NEW.practice_id, OLD.practice_id));
          RETURN NULL;
        END $$;
        CREATE TRIGGER accounts_caller_change AFTER UPDATE OR DELETE ON accounts
          FOR EACH ROW EXECUTE FUNCTION caseload_notify_caller_change('account', 'id');
        CREATE TRIGGER memberships_caller_change AFTER INSERT OR UPDATE OR DELETE ON memberships
          FOR EACH ROW EXECUTE FUNCTION caseload_notify_caller_change('account', 'account_id');
        CREATE TRIGGER sessions_caller_change AFTER UPDATE ON sessions FOR EACH ROW
          WHEN (NEW.ended_at IS DISTINCT FROM OLD.ended_at OR NEW.last_seen_at < OLD.last_seen_at
            OR NEW.idle_timeout_minutes <> OLD.idle_timeout_minutes)
          EXECUTE FUNCTION caseload_notify_caller_change('session', 'id_hash');
        CREATE TRIGGER sessions_caller_delete AFTER DELETE ON sessions
          FOR EACH ROW EXECUTE FUNCTION caseload_notify_caller_change('session', 'id_hash');
      `);
    },
  },
  {
    version: 5,
    name: 'per-practice medical record number counters',
    async up(db) {
      // The last MRN the server assigned in each practice (patients/patient-mrn.ts). A row, not a
      // sequence: it is transactional, so a rolled-back create gives its number back, and it
      // goes with its practice when the practice is removed.
      await db.query(`
        CREATE TABLE patient_mrn_counters (
          practice_id text PRIMARY KEY REFERENCES practices (id) ON DELETE CASCADE,
          last_value bigint NOT NULL
        );
      `);
    },
  },
  patientMrnUnique,
  membershipLinkOrder,
  calendarFeeds,
  kioskSessions,
];
