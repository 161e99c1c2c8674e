import type { AuditEventBody } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { insertAuditRows, recordAuditIn } from '../storage/audit-rows.ts';

// Where an event must commit with a write, it is written in that write's transaction instead.
export { recordAuditIn } from '../storage/audit-rows.ts';

/** One audit event to record under a practice (GLOBAL_PRACTICE for events outside any practice). */
export interface AuditRecord {
  practiceId: string;
  event: Omit<AuditEventBody, 'resourceType' | 'recorded'> & { recorded?: string };
}

interface Pending {
  record: AuditRecord;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 500;

/**
 * Records audit events of reads and queries with group commit: events arriving while a batch is
 * being written wait and go together in the next multi-row INSERT. Each caller's promise settles
 * only when its own event is durable, so a read whose audit row fails fails too; under load one
 * INSERT carries many reads' events instead of one each.
 */
export class AuditWriter {
  private pending: Pending[] = [];
  private flushing = false;

  constructor(
    private readonly db: Queryable,
    private readonly clock: () => Date,
  ) {}

  record(record: AuditRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ record, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  /**
   * Records several events of one answer (a page's expansions) as one batch: all are queued before
   * a flush starts, so they go in one INSERT (up to 500) rather than the first alone.
   */
  async recordAll(records: readonly AuditRecord[]): Promise<void> {
    const durable = records.map((record) => new Promise<void>((resolve, reject) => this.pending.push({ record, resolve, reject })));
    if (!this.flushing && this.pending.length > 0) void this.flush();
    await Promise.all(durable);
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, MAX_BATCH);
        // Whatever fails a batch (the database gone, a time limit) fails its waiters' calls, never
        // the process: nothing in the loop may throw past this try.
        try {
          await insertAuditRows(
            this.db,
            batch.map((p) => p.record),
            this.clock().toISOString(),
          );
          for (const p of batch) p.resolve();
        } catch (error) {
          for (const p of batch) p.reject(error);
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}

/**
 * The audit of a call done inside one transaction (a workflow, a hook's reads): its events join
 * that transaction, so a rolled-back call leaves no half-done trail; batches (a refusal's events,
 * a page's expansions) go to the durable writer, since a refused attempt's audit must outlive the
 * rolled-back call.
 */
export function transactionAudit(tx: Queryable, durable: AuditWriter, clock: () => Date): AuditWriter {
  const audit: Pick<AuditWriter, 'record' | 'recordAll'> = {
    record: (record) => recordAuditIn(tx, record, clock()),
    recordAll: (records) => durable.recordAll(records),
  };
  return audit as AuditWriter;
}
