import { describe, expect, it } from 'vitest';
import { entryFiles, HINTED_ENTRIES, hintLinks } from './page-hints.ts';

/** A build's manifest in miniature: the entry, two variants sharing React, and the shell. */
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, dynamicImports: [HINTED_ENTRIES.default, HINTED_ENTRIES.mobile] },
  [HINTED_ENTRIES.default]: { file: 'assets/DefaultVariant-1.js', imports: ['_mount-app-1.js'] },
  [HINTED_ENTRIES.mobile]: { file: 'assets/MobileVariant-1.js', imports: ['_mount-app-1.js'] },
  '_mount-app-1.js': { file: 'assets/mount-app-1.js', imports: ['_runtime-1.js'], css: ['assets/mount-app-1.css'] },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  // The shell imports the page's entry back (its helpers) and shares the runtime with the variants.
  [HINTED_ENTRIES.signedInShell]: {
    file: 'assets/SignedInShell-1.js',
    imports: ['index.html', '_runtime-1.js', '_data-1.js'],
    css: ['assets/SignedInShell-1.css'],
  },
  '_data-1.js': { file: 'assets/data-1.js', imports: ['_runtime-1.js'] },
};

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe('page hints', () => {
  it("names an entry's chunk, what it imports, their stylesheets; never the page's own entry", () => {
    expect(entryFiles(manifest, HINTED_ENTRIES.signedInShell)).toEqual({
      scripts: ['/assets/SignedInShell-1.js', '/assets/runtime-1.js', '/assets/data-1.js'],
      styles: ['/assets/SignedInShell-1.css'],
    });
    expect(entryFiles(manifest, 'src/renamed.tsx')).toEqual({ scripts: [], styles: [] });
  });

  it('hints the variant signed out, variant then shell signed in, each file once, nothing for legacy', () => {
    expect(hrefs(hintLinks(manifest, { variant: 'mobile', signedIn: false }))).toEqual([
      '/assets/MobileVariant-1.js',
      '/assets/mount-app-1.js',
      '/assets/runtime-1.js',
      '/assets/mount-app-1.css',
    ]);
    expect(hrefs(hintLinks(manifest, { variant: 'default', signedIn: true }))).toEqual([
      '/assets/DefaultVariant-1.js',
      '/assets/mount-app-1.js',
      '/assets/runtime-1.js',
      '/assets/SignedInShell-1.js',
      '/assets/data-1.js',
      '/assets/mount-app-1.css',
      '/assets/SignedInShell-1.css',
    ]);
    expect(hintLinks(manifest, { variant: 'legacy', signedIn: true })).toBe('');
  });

  it('writes script and style preloads, low priority, escaped', () => {
    const html = hintLinks(
      { [HINTED_ENTRIES.mobile]: { file: 'assets/a"<b>&.js', css: ['assets/x.css'] } },
      { variant: 'mobile', signedIn: false },
    );
    expect(html).toBe(
      '<link rel="preload" as="script" crossorigin fetchpriority="low" href="/assets/a&quot;&lt;b>&amp;.js">' +
        '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/x.css">',
    );
  });
});
