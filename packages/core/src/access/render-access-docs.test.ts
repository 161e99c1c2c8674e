import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GRANT_SETS } from './grant-sets.ts';
import { ACCESS_DOCS_PATH, renderAccessDocs } from './render-access-docs.ts';
import { ROLES } from './roles.ts';

describe('docs/access.md', () => {
  it('names every role, grant set and section', () => {
    const doc = renderAccessDocs();
    for (const r of ROLES) expect(doc, r.name).toContain(`| ${r.name} |`);
    for (const g of GRANT_SETS) expect(doc, g.name).toContain(`| ${g.name} |`);
    for (const heading of ['## Population levels', '## Portal access', '## Security tokens', '## 404, not 403']) {
      expect(doc).toContain(heading);
    }
  });

  it('is current (regenerate with npx tsx packages/core/src/access/render-access-docs.ts)', () => {
    expect(fs.readFileSync(ACCESS_DOCS_PATH, 'utf8')).toBe(renderAccessDocs());
  });
});
