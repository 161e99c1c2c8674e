import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Audit events are built in audit/ (and written by storage/): a capability asks for its event by
 * name (`securityChangeAudit`, `signInAudit`, `exportAudit`, ...) and never assembles one of its
 * own (STYLE.md 17). This fails when a source file elsewhere picks an event type itself.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Whether `relative` builds an audit event outside audit/ and storage/. */
export function buildsOwnAuditEvent(relative: string, text: string): boolean {
  if (relative.startsWith('audit/') || relative.startsWith('storage/')) return false;
  return /\bAUDIT_EVENT_(TYPES|SUBTYPES)\b/.test(text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1'));
}

describe('audit events', () => {
  it('are built in audit/ only', () => {
    const found = sourceFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((relative) => buildsOwnAuditEvent(relative, fs.readFileSync(path.join(SRC, relative), 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches an event type named outside audit/, not inside it or in a comment', () => {
    expect(buildsOwnAuditEvent('users/x.ts', 'type: AUDIT_EVENT_TYPES.query,')).toBe(true);
    expect(buildsOwnAuditEvent('identity/x.ts', 'subtype: AUDIT_EVENT_SUBTYPES.login,')).toBe(true);
    expect(buildsOwnAuditEvent('audit/x.ts', 'type: AUDIT_EVENT_TYPES.query,')).toBe(false);
    expect(buildsOwnAuditEvent('users/x.ts', '// see AUDIT_EVENT_TYPES in core')).toBe(false);
  });
});
