import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESOURCE_TYPES } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { currentTable, historyTable } from './table-names.ts';

/**
 * storage/ is the only place with SQL on resource tables (docs/architecture.md, "Storage"):
 * everything else reads through the caller's repository or the system reader, with typed
 * filters. This fails when a source file outside storage/ names a resource table, asks for a
 * table name, or splices a caller's reach (AccessPolicy.rowCondition) into SQL of its own.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Schema, not data: the tables' DDL and the migrations that change them live with the database. */
const SCHEMA_FILES = [/^db\/resource-tables\.ts$/, /^db\/migrations\//];

const TABLES = RESOURCE_TYPES.flatMap((type) => [currentTable(type), historyTable(type)]);
const TABLE_NAME = new RegExp(`\\b(${TABLES.join('|')})\\b`);

/** What puts SQL on resource tables in a file, each with what to say about it. */
const OFFENCES: { test: (text: string) => boolean; says: string }[] = [
  { test: (text) => /\b(currentTable|historyTable)\s*\(/.test(text), says: 'asks for a resource table name' },
  { test: (text) => /from '[^']*storage\/table-names\.ts'/.test(text), says: 'imports storage/table-names.ts' },
  { test: (text) => TABLE_NAME.test(text), says: 'names a resource table' },
  { test: (text) => /\.rowCondition\s*\(/.test(text), says: "splices a caller's reach into its own SQL" },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** `file`'s offences, unless it is storage's own or the schema's. */
function offencesOf(relative: string, text: string): string[] {
  if (relative.startsWith('storage/') || SCHEMA_FILES.some((pattern) => pattern.test(relative))) return [];
  return OFFENCES.filter((o) => o.test(text)).map((o) => `${relative} ${o.says}`);
}

describe('the storage boundary', () => {
  it('keeps SQL on resource tables inside storage/', () => {
    const found = sourceFiles(SRC).flatMap((file) => {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      // Comments may name a table or a function; only code counts.
      return offencesOf(relative, withoutComments(fs.readFileSync(file, 'utf8')));
    });
    expect(found).toEqual([]);
  });

  it('catches each kind of offence, and lets storage and the schema be', () => {
    expect(offencesOf('notes/x.ts', "await db.query(`SELECT body FROM ${currentTable('Note')}`)")).toEqual([
      'notes/x.ts asks for a resource table name',
    ]);
    expect(offencesOf('notes/x.ts', "db.query('SELECT body FROM r_note WHERE id = $1')")).toEqual(['notes/x.ts names a resource table']);
    expect(offencesOf('notes/x.ts', "db.query('DELETE FROM r_care_plan_outcome_history')")).toEqual(['notes/x.ts names a resource table']);
    expect(offencesOf('users/x.ts', 'const reach = access.rowCondition(type, params);')).toEqual([
      "users/x.ts splices a caller's reach into its own SQL",
    ]);
    expect(offencesOf('users/x.ts', "import { currentTable } from '../storage/table-names.ts';")).toHaveLength(1);
    expect(offencesOf('notes/x.ts', 'const r_notes = 1;')).toEqual([]);
    expect(offencesOf('storage/x.ts', "db.query('SELECT body FROM r_note')")).toEqual([]);
    expect(offencesOf('db/migrations/009-x.ts', "db.query('CREATE INDEX ON r_note (id)')")).toEqual([]);
  });
});

/** The text without `//` and `/* *\/` comments (a rough cut: enough for this codebase's sources). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}
