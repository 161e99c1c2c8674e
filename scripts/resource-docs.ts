// Writes docs/resources.md from the resource registry, so the reference never drifts from code.
// `npx tsx scripts/resource-docs.ts` rewrites it; the unit test resource-docs.test.ts fails when stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESOURCE_TYPES } from '../packages/core/src/resources/registry.ts';

export const RESOURCE_DOCS_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/resources.md');

/** Names as inline code, comma-separated. */
const code = (names: readonly string[]) => names.map((n) => `\`${n}\``).join(', ');

export function renderResourceDocs(): string {
  const rows = RESOURCE_TYPES.map((t) =>
    [
      t.name,
      `\`${t.collection}\``,
      t.scope,
      t.partitioned ? 'yes' : '',
      Object.keys(t.sortFields).join(', '),
      code(t.expandables),
      t.apiWritable ? (t.deletable ? '' : 'never') : 'read-only',
    ].join(' | '),
  );
  return `# Resource types

Generated from \`packages/core/src/resources/registry.ts\` by \`npx tsx scripts/resource-docs.ts\`.

Every resource has \`id\`, \`resourceType\`, \`partition\` (patient-partitioned types), \`display\`,
\`created\`, \`meta\` (\`versionId\`, \`lastModified\`, \`lastModifiedBy\`, \`isDeleted\`,
\`isHistorical\`, \`hasTransformations\`, \`resourceSystem\`, and from headers \`automation\`,
\`userSystem\`, \`sync\`, \`expires\`), \`identifiers\` and \`content\`. Sort fields with a
\`Name\` sort read \`display\` (case-insensitive); \`Mrn\` reads the Patient's \`mrn\`;
\`EncounterDate\` reads \`encounterDate\` on a Note, \`period.start\` on an Encounter and \`start\`
on an Appointment. Expandable paths are SPEC.md's where it lists them; where it says "paths not
shown", they are the references each type holds.

| type | collection | scope | partitioned | sort fields | expandable | delete / write |
|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r} |`).join('\n')}

## Indexes of filters and text search

Indexed filter fields hold one value (a write that puts a list on their path is refused with 400);
\`eq\` and \`in\` on them are served by the type's filter indexes, each over the fields listed
together (the first leads), then last modified. Every type's body has a GIN index, which finds
\`eq\` and \`in\` on any field, except where the table says no: there other body filters are
tested on the rows a sort index walks. Text search paths are what the \`_text\` filter searches
(docs/query-grammar.md); \`_text\` on any other type is refused.

| type | filter indexes | GIN index on the body | text search paths |
|---|---|---|---|
${RESOURCE_TYPES.filter((t) => t.filterIndexes?.length || t.textSearchPaths?.length || !t.bodyIndexed)
  .map((t) => {
    const filterIndexes = (t.filterIndexes ?? []).map((fields) => `(${code(fields)})`).join(', ');
    return `| ${t.name} | ${filterIndexes} | ${t.bodyIndexed ? 'yes' : 'no'} | ${code(t.textSearchPaths ?? [])} |`;
  })
  .join('\n')}
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(RESOURCE_DOCS_PATH, renderResourceDocs());
  console.log(`wrote ${RESOURCE_DOCS_PATH}`);
}
