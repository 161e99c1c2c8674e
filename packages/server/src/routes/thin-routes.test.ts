import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Access and audit are applied in one place (docs/architecture.md, "Packages"): the repository
 * checks and audits every resource call, and each service its own capability's checks and events.
 * A route reads the request, calls one of them and answers; this fails when a route file checks a
 * permission or writes an audit event itself, where the next route could forget to.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const OFFENCES: { pattern: RegExp; says: string }[] = [
  { pattern: /\.assertCan\s*\(/, says: 'checks a permission (assertCan)' },
  { pattern: /\bassertAdministrative\s*\(/, says: 'checks an administrative flag (assertAdministrative)' },
  { pattern: /\baudit\.record(All)?\s*\(/, says: 'writes an audit event' },
  { pattern: /\brecordAuditIn\s*\(/, says: 'writes an audit event' },
  { pattern: /\bresourceAudit\s*\(/, says: 'builds an audit event (resourceAudit)' },
];

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name.endsWith('.routes.ts') ? [full] : [];
  });
}

/** What `relative` does that belongs in a service or the repository, one sentence each. */
export function routeOffences(relative: string, text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return OFFENCES.filter((o) => o.pattern.test(code)).map((o) => `${relative} ${o.says}`);
}

describe('route files', () => {
  it('leave access checks and audit events to the repository and the services', () => {
    const found = routeFiles(SRC).flatMap((file) =>
      routeOffences(path.relative(SRC, file).split(path.sep).join('/'), fs.readFileSync(file, 'utf8')),
    );
    expect(routeFiles(SRC).length).toBeGreaterThan(10);
    expect(found).toEqual([]);
  });

  it('catches each kind, and not in a comment', () => {
    expect(routeOffences('a.routes.ts', "ctx.access.assertCan('Read', type);")).toEqual(['a.routes.ts checks a permission (assertCan)']);
    expect(routeOffences('a.routes.ts', 'assertAdministrative(ctx.principal, [])')).toHaveLength(1);
    expect(routeOffences('a.routes.ts', 'await app.audit.record({ practiceId })')).toEqual(['a.routes.ts writes an audit event']);
    expect(routeOffences('a.routes.ts', 'await ctx.audit.recordAll(events)')).toEqual(['a.routes.ts writes an audit event']);
    expect(routeOffences('a.routes.ts', 'resourceAudit(ctx, type, "R", { id })')).toHaveLength(1);
    expect(routeOffences('a.routes.ts', '// the repository calls audit.record( for us')).toEqual([]);
  });
});
