import { faker } from '@faker-js/faker';
import type pg from 'pg';

/**
 * 100,000 generated patients for bench/patient-search.ts, written straight into `r_patient` (and
 * its history) in batches, shaped as the server stores them: real-looking names from faker (seeded,
 * so every run searches the same people), MRNs, birth dates, an identifier and a care-team member.
 * Not Caseload's API: that would take minutes and measures nothing the search does.
 */

export interface GeneratedPatient {
  id: string;
  given: string;
  family: string;
  birthDate: string;
  mrn: string;
}

const BATCH = 5000;

export const careTeamMemberId = (n: number) => `bench-practitioner-${n}`;

/** Loads `count` patients; patient n is on the care team of practitioner n % practitioners. */
export async function loadPatientPopulation(
  db: pg.Client,
  practiceId: string,
  count: number,
  practitioners: number,
): Promise<GeneratedPatient[]> {
  faker.seed(5);
  const all: GeneratedPatient[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const batch = [];
    for (let n = start; n < Math.min(count, start + BATCH); n++) {
      const given = faker.person.firstName();
      const family = faker.person.lastName();
      const birthDate = faker.date.birthdate({ min: 1930, max: 2020, mode: 'year' }).toISOString().slice(0, 10);
      const mrn = `MRN${String(1_000_000 + n * 7).padStart(7, '0')}`;
      const id = faker.string.uuid();
      const modified = new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString();
      all.push({ id, given, family, birthDate, mrn });
      batch.push({
        resourceType: 'Patient',
        id,
        display: `${family}, ${given}`,
        names: [{ given: [given, ...(n % 5 === 0 ? [faker.person.middleName()] : [])], family }],
        birthDate,
        mrn,
        administrativeSex: n % 2 ? 'Female' : 'Male',
        identifiers: [{ type: 'MR', value: mrn }],
        careTeam: [{ member: { resourceType: 'Practitioner', id: careTeamMemberId(n % practitioners) }, role: { code: 'primary' } }],
        telecom: [{ system: 'Phone', use: 'Mobile', value: faker.phone.number({ style: 'national' }) }],
        addresses: [
          { line: [faker.location.streetAddress()], city: faker.location.city(), state: 'OR', postalCode: faker.location.zipCode() },
        ],
        created: modified,
        meta: { versionId: `v-${id}`, lastModified: modified },
      });
    }
    await db.query(
      `INSERT INTO r_patient (practice_id, id, partition, version_id, version_seq, last_modified, is_deleted, body)
       SELECT $1, b->>'id', NULL, b->'meta'->>'versionId', 1, (b->'meta'->>'lastModified')::timestamptz, false, b
       FROM jsonb_array_elements($2::jsonb) b`,
      [practiceId, JSON.stringify(batch)],
    );
  }
  await db.query(
    `INSERT INTO r_patient_history (practice_id, id, version_seq, version_id, partition, last_modified, is_deleted, body)
     SELECT practice_id, id, version_seq, version_id, partition, last_modified, is_deleted, body FROM r_patient WHERE practice_id = $1`,
    [practiceId],
  );
  return all;
}
