import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every .tsx file of the web client. */
function components(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return components(full);
    return e.name.endsWith('.tsx') ? [full] : [];
  });
}

/**
 * A router `<Link>` by itself renders a bare `<a>`, which the browser draws blue and underlined,
 * unlike every other link (docs/design-system.md, "Links"). Links are Mantine's Anchor
 * (`<Anchor component={Link}>`), or carry a class of their own when the whole of something is the
 * link (a patient row).
 */
describe('links', () => {
  it('are styled by the design system, never bare router links', () => {
    const bare: string[] = [];
    for (const file of components()) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/<Link\b([^>]*)>/g)) {
        if (!/\bclassName=/.test(m[1]!)) bare.push(`${path.relative(SRC, file)}: ${m[0].slice(0, 80)}`);
      }
    }
    expect(bare).toEqual([]);
  });
});
