import { getResourceType } from '@caseload/core';
import { currentTable } from '../../storage/table-names.ts';
import { resourceTableDdl } from '../resource-tables.ts';
import type { Migration } from './index.ts';

/**
 * MRNs unique among a practice's live patients, enforced by PostgreSQL rather than by a lock and
 * a lookup per write (patients/patient-mrn.hook.ts): the write statement itself meets a taken MRN,
 * and a second writer of the same MRN waits on the first's index entry. Resource tables are made
 * after migrations (resource-tables.ts), so the Patient tables are made here first, with the
 * registry's own DDL (idempotent; the later sync finds them made). A database that somehow holds
 * two live patients with one MRN stops here with PostgreSQL's message naming the MRN.
 */
export const patientMrnUnique: Migration = {
  version: 6,
  name: 'unique MRNs of live patients',
  async up(db) {
    for (const statement of resourceTableDdl(getResourceType('Patient')!)) await db.query(statement);
    await db.query(
      `CREATE UNIQUE INDEX IF NOT EXISTS patient_mrn_live ` +
        `ON ${currentTable('Patient')} (practice_id, (body ->> 'mrn')) WHERE NOT is_deleted`,
    );
  },
};
