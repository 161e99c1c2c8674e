import { describe, expect, it } from 'vitest';
import { assignGroups, type SurveyedChunk } from './first-screen-chunks.ts';

const ROOT = '/web';
const ENTRIES = {
  legacyVariant: 'src/Legacy.ts',
  defaultVariant: 'src/Default.tsx',
  mobileVariant: 'src/Mobile.tsx',
  signedInShell: 'src/Shell.tsx',
};
const id = (file: string) => `${ROOT}/${file}`;

/** A surveyed chunk: `modules` by path below ROOT, `imports` by chunk file name. */
function chunk(fileName: string, modules: string[], imports: string[] = [], extra: Partial<SurveyedChunk> = {}): SurveyedChunk {
  return { fileName, moduleIds: modules.map(id), imports, isEntry: false, facadeModuleId: null, ...extra };
}

/**
 * A build shaped like the app's: the page script (a static entry) with a helper the variants
 * use; React shared by both variants and by a page; a helper only the default variant loads;
 * the shell's data layer; a module shared by the legacy variant and the others; a page's own code.
 */
const SURVEY: SurveyedChunk[] = [
  chunk('index.js', ['src/main.tsx', 'src/platform.ts'], [], { isEntry: true, facadeModuleId: id('src/main.tsx') }),
  chunk('sw.js', ['src/sw.ts'], [], { isEntry: true, facadeModuleId: id('src/sw.ts') }),
  chunk('Legacy.js', ['src/Legacy.ts'], ['index.js', 'plain.js'], { facadeModuleId: id('src/Legacy.ts') }),
  chunk('plain.js', ['src/plain-screens.ts']),
  chunk('Default.js', ['src/Default.tsx', 'src/default-only.ts'], ['react.js', 'mount.js', 'index.js'], {
    facadeModuleId: id('src/Default.tsx'),
  }),
  chunk('Mobile.js', ['src/Mobile.tsx'], ['react.js', 'mount.js', 'plain.js'], { facadeModuleId: id('src/Mobile.tsx') }),
  chunk('react.js', ['node_modules/react/index.js', 'node_modules/react-dom/client.js']),
  chunk('mount.js', ['src/mount-app.tsx'], ['react.js']),
  chunk('Shell.js', ['src/Shell.tsx', 'src/shell-only.ts'], ['data.js', 'react.js'], { facadeModuleId: id('src/Shell.tsx') }),
  chunk('data.js', ['src/data.ts'], ['react.js']),
  chunk('Page.js', ['src/Page.tsx'], ['react.js', 'data.js', 'page-shared.js']),
  chunk('page-shared.js', ['src/page-shared.ts']),
];

describe('assignGroups', () => {
  const groups = assignGroups(SURVEY, ROOT, ENTRIES);
  const groupOf = (file: string) => groups.get(id(file));

  it('puts what both variants load in the shared chunk, and what one loads in its own', () => {
    expect(groupOf('node_modules/react/index.js')).toBe('variant');
    expect(groupOf('node_modules/react-dom/client.js')).toBe('variant');
    expect(groupOf('src/mount-app.tsx')).toBe('variant');
    expect(groupOf('src/default-only.ts')).toBe('variant-default');
  });

  it("puts what the signed-in shell adds to its variant in the shell's chunk", () => {
    expect(groupOf('src/shell-only.ts')).toBe('signed-in');
    expect(groupOf('src/data.ts')).toBe('signed-in');
  });

  it(
    "leaves the page script's and the service worker's modules, the entries themselves " +
      "and the legacy variant's modules where they were",
    () => {
      for (const file of [
        'src/main.tsx',
        'src/platform.ts',
        'src/sw.ts',
        'src/Default.tsx',
        'src/Mobile.tsx',
        'src/Shell.tsx',
        'src/Legacy.ts',
      ]) {
        expect(groupOf(file), file).toBeUndefined();
      }
      // The mobile variant loads it too, but the legacy page must not pull in a group's chunk for it.
      expect(groupOf('src/plain-screens.ts')).toBeUndefined();
    },
  );

  it('leaves the modules no first screen loads to the bundler', () => {
    expect(groupOf('src/Page.tsx')).toBeUndefined();
    expect(groupOf('src/page-shared.ts')).toBeUndefined();
  });

  it('names a renamed entry instead of grouping nothing', () => {
    expect(() => assignGroups(SURVEY, ROOT, { ...ENTRIES, signedInShell: 'src/Gone.tsx' })).toThrow('no chunk for src/Gone.tsx');
  });
});
