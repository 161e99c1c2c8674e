import { practiceTimeZone, type Filter } from '@caseload/core';
import type { ResourceScope } from '../http/resource-scope.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { AuditRecord } from './audit-writer.ts';
import { auditCsvHeader, auditCsvRow, localDateTime, type StoredAuditEvent } from './audit-csv-rows.ts';
import { AuditNameBook } from './audit-names.ts';
import { exportAudit } from './resource-audit.ts';
import { csvLine } from './csv.ts';

/** Events read per page: the largest page the search allows, so a long trail takes few queries. */
export const EXPORT_PAGE_SIZE = 1000;

/** A byte-order mark, so spreadsheets open the file as UTF-8 (names with accents stay whole). */
const BOM = '\uFEFF';

export interface AuditTrailExport {
  fileName: string;
  /** The CSV text: the header line, then one chunk per page of events, read as it is pulled. */
  chunks: AsyncIterable<string>;
}

/**
 * The practice's audit trail matching `filters`, newest first, as CSV (docs/audit-trail.md).
 * Read through the caller's repository a page at a time (keyset paging, as any query; each page is
 * audited as a search of the audit trail), so it needs what reading AuditEvents needs and holds one
 * page in memory, not the trail. The first page is read before this answers: a refusal (403, or a
 * 400 for a bad filter) is an error answer, not a broken download. The export itself is recorded
 * as a DICOM Export event, durable before the first byte leaves.
 */
export async function exportAuditTrail(scope: ResourceScope, filters: Filter[]): Promise<AuditTrailExport> {
  const { repo, ctx, type } = scope;
  const page = (continuationToken?: string) => repo.search(type, { filters, pageSize: EXPORT_PAGE_SIZE, continuationToken });
  const first = await page();
  await ctx.audit.record(trailExportAudit(ctx, filters));
  const timeZone = practiceTimeZone(await loadPracticePreferences(ctx.db, ctx.practiceId));
  const names = new AuditNameBook(repo, ctx);

  async function* chunks(): AsyncGenerator<string> {
    yield BOM + csvLine(auditCsvHeader(timeZone));
    for (let current = first; ; current = await page(current.continuationToken)) {
      const events = current.items as unknown as StoredAuditEvent[];
      await names.learn(events);
      yield events.map((event) => csvLine(auditCsvRow(event, names, timeZone))).join('');
      if (!current.continuationToken) return;
    }
  }

  const stamp = localDateTime(ctx.clock(), timeZone).replaceAll('-', '').replaceAll(':', '').replace(' ', '-');
  const practice = ctx.practiceId.replace(/[^A-Za-z0-9._-]/g, '-');
  return { fileName: `audit-trail-${practice}-${stamp}.csv`, chunks: chunks() };
}

/**
 * The Export event: who exported which part of the trail (the filters, as a query is recorded).
 * An export of one patient's access log names that patient, so it shows in the patient's own log.
 */
function trailExportAudit(ctx: RepositoryContext, filters: Filter[]): AuditRecord {
  return exportAudit(ctx, {
    description: 'Audit trail exported as CSV.',
    entity: { resourceType: 'AuditEvent', query: JSON.stringify(filters).slice(0, 2000) },
    patientId: onePatient(filters),
  });
}

/** The patient a filter list is limited to, when it is one (`patient.id eq {id}` at the top level). */
function onePatient(filters: Filter[]): string | undefined {
  const ids = filters.flatMap((f) =>
    'field' in f && f.field === 'patient.id' && f.op === 'eq' && typeof f.value === 'string' ? [f.value] : [],
  );
  return ids.length === 1 ? ids[0] : undefined;
}
