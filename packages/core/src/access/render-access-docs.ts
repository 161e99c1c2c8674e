// Writes docs/access.md from the permission model, so the reference never drifts from the code.
// `npx tsx packages/core/src/access/render-access-docs.ts` rewrites it; render-access-docs.test.ts
// fails when it is stale. Not exported from the package index: the CLI below does file I/O.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AUDIT_PROSE,
  ENFORCEMENT_PROSE,
  NOT_FOUND_PROSE,
  POPULATION_PROSE,
  PORTAL_PROSE,
  SECURITY_TOKEN_PROSE,
  modelProse,
} from './access-docs-prose.ts';
import { can, holds, permissionsOf } from './evaluate.ts';
import { GRANT_SETS, GRANT_SET_AREAS } from './grant-sets.ts';
import { ACTIONS, ALL_FLAG_PERMISSIONS, FLAG_GROUPS, PERMISSION_RESOURCE_TYPES, parsePermission, type Permission } from './permissions.ts';
import { FLAGS } from './flag-descriptions.ts';
import { PORTAL_TYPES } from './portal.ts';
import { ASSOCIATE_ROLES, PRACTICE_ROLES, ROLES, type Role } from './roles.ts';
import { EXTERNAL_ACCESS_CATEGORIES, INTERNAL_ACCESS_CATEGORIES, STAFF_CATEGORIES } from './staff-categories.ts';

/** Where the generated document lives. */
export const ACCESS_DOCS_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/access.md');

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const table = (head: readonly string[], rows: readonly (readonly string[])[]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
const code = (s: string) => `\`${s}\``;

/** `CRUD`-style letters for a list of actions, in C, R, U, D order. */
function letters(has: (action: (typeof ACTIONS)[number]) => boolean): string {
  return ACTIONS.filter(has)
    .map((a) => a[0])
    .join('');
}

/** A grant set's permissions in brief: flags, then each type with its action letters. */
function summarise(permissions: readonly Permission[]): string {
  const flags: string[] = [];
  const byType = new Map<string, Set<string>>();
  for (const p of permissions) {
    const parsed = parsePermission(p);
    if (!parsed) continue;
    if (parsed.kind === 'flag') flags.push(code(`${parsed.group}:${parsed.flag}`));
    else byType.set(parsed.resourceType, (byType.get(parsed.resourceType) ?? new Set()).add(parsed.action));
  }
  const types = [...byType].map(([type, actions]) => `${type} ${letters((a) => actions.has(a))}`);
  return [...flags, ...types].join(', ');
}

function flagSection(): string {
  const rows = FLAG_GROUPS.flatMap((group) =>
    Object.entries(FLAGS[group]).map(([name, text]) => [group, code(`${group}:${name}:Allow`), text]),
  );
  return `## Flags

The spec lists its example flags group by group (administrative from AccessAllNotifications to
ViewAllPractices, clinical from HealthHistory, then messaging, scheduler, and Metrics in survey);
this catalogue keeps that grouping. Flags marked "Ours" are not named by the spec.

${table(['group', 'permission', 'allows'], rows)}
`;
}

function grantSetSection(): string {
  const areas = GRANT_SET_AREAS.map(
    (a) => `### ${a.area}

${table(
  ['grant set', 'description', 'permissions'],
  a.grantSets.map((g) => [g.name, g.description, summarise(g.permissions)]),
)}
`,
  );
  return `## Grant sets

${GRANT_SETS.length} grant sets. Permissions are summarised: flags first, then each type with the
actions it gets (C create, R read, U update, D delete).

${areas.join('\n')}`;
}

/** A role's flags: FullPermissions stands for every flag within the practice. */
function flagsOf(r: Role): string {
  const p = permissionsOf(r.grantSets);
  const full = p.has('administrative:FullPermissions:Allow');
  const shown = ALL_FLAG_PERMISSIONS.filter((f) => (full ? p.has(f) : holds(p, f)));
  const names = shown.map((f) => code(f.replace(/:Allow$/, '')));
  return full
    ? names.join(', ').replace('`administrative:FullPermissions`', '`administrative:FullPermissions` (every flag within the practice)')
    : names.join(', ');
}

function grantSetMatrix(roles: readonly Role[]): string {
  const rows = GRANT_SETS.filter((g) => roles.some((r) => r.grantSets.includes(g.name))).map((g) => [
    g.name,
    ...roles.map((r) => (r.grantSets.includes(g.name) ? '✓' : '')),
  ]);
  return table(['grant set', ...roles.map((r) => r.name)], rows);
}

function roleSection(): string {
  const rows = ROLES.map((r) => [
    r.name,
    r.kind === 'associate' ? `associate (${r.staffCategory ?? ''})` : 'practice',
    r.description,
    String(r.grantSets.length),
    flagsOf(r),
  ]);
  return `## Roles

A role's permissions are the union of its grant sets. Practice roles apply within a practice
network; associate roles belong to internal staff. Both kinds have a Support role.

${table(['role', 'kind', 'description', 'grant sets', 'flags'], rows)}

## Default grant sets of each role

A tick marks a grant set the role holds by default; grant sets no role holds by default are left
out (practices may still use them in their own roles).

### Practice roles

${grantSetMatrix(PRACTICE_ROLES)}

### Associate roles

${grantSetMatrix(ASSOCIATE_ROLES)}
`;
}

function matrix(roles: readonly Role[]): string {
  const perms = roles.map((r) => permissionsOf(r.grantSets));
  const rows = PERMISSION_RESOURCE_TYPES.map((type) => [type, ...perms.map((p) => letters((a) => can(p, a, type)) || '–')]);
  return table(['type', ...roles.map((r) => r.name)], rows);
}

function matrixSection(): string {
  return `## What each role may do, by type

C create, R read, U update, D delete; – nothing. Reach still applies (population, portal
partition, security tokens): a letter says the action is allowed, not on which records.

### Practice roles

${matrix(PRACTICE_ROLES)}

### Associate roles

Within a practice network they reach (every one, with ViewAllPractices), and for global types.

${matrix(ASSOCIATE_ROLES)}
`;
}

function portalSection(): string {
  const rows = (['Patient', 'RelatedPerson'] as const).flatMap((subject) =>
    PORTAL_TYPES[subject].map((a) => [
      subject,
      a.resourceType,
      letters((x) => a.actions.includes(x)),
      code(a.reach),
      (a.updatableFields ?? []).map(code).join(', '),
      a.note,
    ]),
  );
  return `${PORTAL_PROSE}
${table(['login', 'type', 'actions', 'reach', 'fields', 'why'], rows)}
`;
}

function staffSection(): string {
  const rows = STAFF_CATEGORIES.map((c) => [
    c,
    EXTERNAL_ACCESS_CATEGORIES.includes(c) ? 'yes' : '',
    INTERNAL_ACCESS_CATEGORIES.includes(c) ? 'yes' : '',
    ASSOCIATE_ROLES.filter((r) => r.staffCategory === c)
      .map((r) => r.name)
      .join(', '),
  ]);
  return `## Staff categories

Associates belong to a staff category (SPEC.md section 6). External access: may enter customer
practice networks (hold ViewAllPractices). Internal access: may use the internal tools (hold
internal flags).

${table(['category', 'external access', 'internal access', 'associate role'], rows)}
`;
}

/** The whole of docs/access.md, from the data. Pure. */
export function renderAccessDocs(): string {
  const counts = { flags: ALL_FLAG_PERMISSIONS.length, grantSets: GRANT_SETS.length, roles: ROLES.length };
  return [
    `# Access control

Generated from \`packages/core/src/access/\` by
\`npx tsx packages/core/src/access/render-access-docs.ts\`; a unit test fails when it is stale.
Roles, grant sets and permissions of SPEC.md section 6, and how the server enforces them.
`,
    modelProse(counts),
    ENFORCEMENT_PROSE,
    POPULATION_PROSE,
    portalSection(),
    SECURITY_TOKEN_PROSE,
    NOT_FOUND_PROSE,
    AUDIT_PROSE,
    staffSection(),
    flagSection(),
    grantSetSection(),
    roleSection(),
    matrixSection(),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(ACCESS_DOCS_PATH, renderAccessDocs());
  console.log(`wrote ${ACCESS_DOCS_PATH}`);
}
