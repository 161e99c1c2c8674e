import type pg from 'pg';

/**
 * The bulk load of bench/scale.ts: Patients and Notes written straight into Caseload's tables by
 * `INSERT ... SELECT generate_series`, shaped like the server stores them (current row plus one
 * history row per resource). Not Caseload's API: an API load of a million notes would take hours
 * on this machine and measures nothing the throughput benchmark does not.
 */

export interface LoadSize {
  practiceId: string;
  patients: number;
  notes: number;
  /** Authors (Practitioners); a patient's notes are mostly by their own clinician. */
  practitioners: number;
}

// Deterministic UUID-shaped ids, so a run can be repeated and ids look like the server's.
const uuid = (prefix: string, n: string) => `md5('${prefix}-' || ${n})::uuid::text`;
const iso = (t: string) => `to_char(${t} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const practitionerIdSql = (n: string) => uuid('practitioner', n);

const SENTENCES = [
  'Client reports improved sleep since the last session, averaging six to seven hours a night.',
  'Discussed triggers at work and practised a grounding exercise; client was engaged throughout.',
  'Mood described as "up and down" this week, with two days of low energy and reduced appetite.',
  'No suicidal or homicidal ideation reported; safety plan reviewed and remains current.',
  'Client completed the thought record homework and identified two cognitive distortions.',
  'Affect congruent with mood, speech normal in rate and volume, thought process linear.',
  'Reviewed medication adherence; client reports taking sertraline daily without side effects.',
  'Explored family conflict around upcoming holiday plans and rehearsed assertive statements.',
  'Client arrived on time, appropriately dressed, and maintained good eye contact.',
  'Anxiety rated 5/10 at start of session and 3/10 at end after paced breathing.',
  'Continue weekly individual therapy focusing on cognitive restructuring and exposure.',
  'Client agreed to attend the group skills session and to log mood twice daily.',
  'Coordinated with the prescriber regarding a dose review at the next appointment.',
  'Client identified walking and calling a friend as coping strategies that helped this week.',
  'PHQ-9 score 11 (moderate), down from 15 at intake; GAD-7 score 9.',
  'Plan to revisit treatment goals in four weeks and update the care plan accordingly.',
];

/** Three sentences chosen from the note's number, so bodies vary without random text. */
function sectionText(seed: string): string {
  const n = SENTENCES.length;
  // Offsets that differ modulo n, so a section never repeats a sentence.
  const pick = (offset: number) => `s[1 + ((${seed}) * 3 + ${offset}) % ${n}]`;
  return `${pick(0)} || ' ' || ${pick(5)} || ' ' || ${pick(11)}`;
}

export async function loadPatients(db: pg.Client, size: LoadSize): Promise<void> {
  await db.query(
    `INSERT INTO r_patient (practice_id, id, partition, version_id, version_seq, last_modified, is_deleted, body)
     SELECT $1, p.id, NULL, p.version, 1, p.modified, false, jsonb_build_object(
       'resourceType', 'Patient', 'id', p.id, 'display', 'Patient ' || p.n,
       'name', jsonb_build_object('given', jsonb_build_array('Pat'), 'family', 'Patient ' || p.n),
       'birthDate', to_char(date '1950-01-01' + (p.n % 20000), 'YYYY-MM-DD'), 'mrn', 'MRN-' || p.n,
       'careTeam', jsonb_build_array(jsonb_build_object('member', jsonb_build_object(
         'resourceType', 'Practitioner', 'id', ${practitionerIdSql(`1 + p.n % ${size.practitioners}`)}))),
       'created', ${iso('p.modified')},
       'meta', jsonb_build_object('versionId', p.version, 'lastModified', ${iso('p.modified')}))
     FROM (SELECT n, ${uuid('patient', 'n')} AS id, ${uuid('patient-version', 'n')} AS version,
             now() - interval '6 years' + (n * interval '1 second') * (6 * 365 * 86400 / $2::int) AS modified
           FROM generate_series(1, $2::int) n) p`,
    [size.practiceId, size.patients],
  );
  await copyToHistory(db, 'r_patient');
}

/**
 * Notes over five years. Patients are skewed (a few hundred have 50+ notes, most have a handful),
 * 90 % of a patient's notes are by their own clinician, 80 % are Final.
 */
export async function loadNotes(db: pg.Client, size: LoadSize): Promise<void> {
  await db.query('SELECT setseed(0.42)');
  const sections = ['Subjective', 'Objective', 'Assessment', 'Plan']
    .map((title, i) => `jsonb_build_object('title', '${title}', 'text', ${sectionText(`n.g + ${i * 5}`)})`)
    .join(', ');
  await db.query(
    `INSERT INTO r_note (practice_id, id, partition, version_id, version_seq, last_modified, is_deleted, body)
     SELECT $1, n.id, n.patient, n.version, 1, n.modified, false, jsonb_build_object(
       'resourceType', 'Note', 'id', n.id, 'partition', n.patient,
       'display', 'Progress note ' || to_char(n.encounter, 'YYYY-MM-DD'),
       'encounterDate', ${iso('n.encounter')}, 'status', n.status,
       'author', jsonb_build_object('resourceType', 'Practitioner', 'id', n.author, 'display', 'Clinician ' || n.author_n),
       'subject', jsonb_build_object('resourceType', 'Patient', 'id', n.patient),
       'definition', jsonb_build_object('resourceType', 'NoteDefinition', 'id', 'progress-note-' || n.g % 12),
       'sections', jsonb_build_array(${sections}),
       'created', ${iso('n.encounter')},
       'meta', jsonb_build_object('versionId', n.version, 'lastModified', ${iso('n.modified')},
         'lastModifiedBy', jsonb_build_object('resourceType', 'Practitioner', 'id', n.author)))
     FROM (
       SELECT g, id, version, patient, encounter, status, author_n, ${practitionerIdSql('author_n')} AS author,
              least(now(), encounter + random() * interval '2 days') AS modified
       FROM (
         SELECT g, ${uuid('note', 'g')} AS id, ${uuid('note-version', 'g')} AS version,
                ${uuid('patient', 'p')} AS patient,
                now() - random() * interval '5 years' AS encounter,
                CASE WHEN r < 0.8 THEN 'Final' WHEN r < 0.95 THEN 'Draft' ELSE 'Amended' END AS status,
                CASE WHEN random() < 0.9 THEN 1 + p % $3::int ELSE 1 + floor(random() * $3::int)::int END AS author_n
         FROM (SELECT g, 1 + floor($2::int * power(random(), 1.5))::int AS p, random() AS r
               FROM generate_series(1, $4::int) g) picked
       ) drawn
     ) n, (SELECT ARRAY[${SENTENCES.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}] AS s) texts`,
    [size.practiceId, size.patients, size.practitioners, size.notes],
  );
  await copyToHistory(db, 'r_note');
}

/** Version 1 of every resource, as the server's insert writes it beside the current row. */
async function copyToHistory(db: pg.Client, table: string): Promise<void> {
  await db.query(
    `INSERT INTO ${table}_history (practice_id, id, version_seq, version_id, partition, last_modified, is_deleted, body)
     SELECT practice_id, id, version_seq, version_id, partition, last_modified, is_deleted, body FROM ${table}`,
  );
}

/**
 * Drops a table's indexes (primary key included) and returns the statements that rebuild them
 * exactly, from the catalogue: building an index once after the load is much faster than
 * maintaining ten of them row by row.
 */
export async function dropIndexes(db: pg.Client, table: string): Promise<string[]> {
  const result = await db.query<{ name: string; def: string; constraint: string | null }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def, c.conname AS constraint
     FROM pg_index i LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.contype = 'p'
     WHERE i.indrelid = $1::regclass`,
    [table],
  );
  const rebuild: string[] = [];
  for (const index of result.rows) {
    if (index.constraint) {
      const columns = /\((.*)\)$/.exec(index.def)![1];
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${index.constraint}`);
      rebuild.push(`ALTER TABLE ${table} ADD CONSTRAINT ${index.constraint} PRIMARY KEY (${columns})`);
    } else {
      await db.query(`DROP INDEX ${index.name}`);
      rebuild.push(index.def);
    }
  }
  return rebuild;
}
