import type { Reference, ResourceTypeDefinition } from '@caseload/core';
import type { AccessPolicy } from '../access/access-policy.ts';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { Queryable, RequestDatabase } from '../db/database.ts';
import type { ContinuationTokens } from './continuation-token.ts';
import type { WriteRules } from './resource-hooks.ts';

/** Per-write options that arrive as headers (SPEC.md section 7, docs/api.md). */
export interface WriteOptions {
  automation?: string;
  userSystem?: string;
  /** Write the new current state without a history row. */
  noHistory?: boolean;
  /** The resource stops being readable this many seconds after the write. */
  timeToLiveSeconds?: number;
  /** Marks the write as made by a sync process; recorded on the version. */
  sync?: boolean;
}

/** Everything a repository needs for one request. */
export interface RepositoryContext {
  db: RequestDatabase;
  /** The practice network id, or GLOBAL_PRACTICE for the global collections. */
  practiceId: string;
  /** The acting user, recorded as `meta.lastModifiedBy` and audited as the agent. */
  actor?: Reference;
  accountId?: string;
  /** What the caller may do and which patients it reaches; checked on every call. */
  access: AccessPolicy;
  audit: AuditWriter;
  requestId?: string;
  address?: string;
  writeOptions: WriteOptions;
  tokens: ContinuationTokens;
  clock: () => Date;
  /** Every type's write rules, run by each write (src/write-rules.ts). */
  rules: WriteRules;
}

/** A stored row of a current-state table. */
export interface ResourceRow {
  id: string;
  partition: string | null;
  version_id: string;
  version_seq: number;
  is_deleted: boolean;
  expires_at: Date | null;
  body: Record<string, unknown>;
}

export type { Queryable, ResourceTypeDefinition };
