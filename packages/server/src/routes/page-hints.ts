import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { AppVariant } from '@caseload/core';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The app's page with the first screen's files hinted in it (docs/architecture.md, "Page hints").
 *
 * Without hints the browser learns of the first screen's chunks one step at a time: the entry
 * script runs and imports the variant, whose chunks are then fetched; the session check answers;
 * only then is the signed-in shell's chunk requested. The server already knows both answers when
 * it sends the page (the User-Agent picks the variant with core's own `pickVariant`, the one the
 * entry uses, so the two never disagree; the auth plugin has looked up the session cookie), so it
 * names those files in the page as `<link rel="preload">`, and the browser fetches them in
 * parallel with the entry. The page is still never per user: it depends only on the variant and
 * on whether someone is signed in.
 */

/** The build's manifest (`build.manifest` in packages/web/vite.config.ts): chunks by source path. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Where Vite writes the manifest inside the build. */
export const MANIFEST_FILE = '.vite/manifest.json';

/**
 * The dynamic entries the page hints, by their source path (packages/web/src/main.tsx imports
 * each on demand). Renaming one of these files silently drops its hints: the browser tests
 * (e2e/page-hints.e2e.test.ts) check that each is hinted.
 */
export const HINTED_ENTRIES = {
  default: 'src/variants/default/DefaultVariant.tsx',
  mobile: 'src/variants/mobile/MobileVariant.tsx',
  signedInShell: 'src/app/SignedInShell.tsx',
} as const;

/** What the page depends on: the variant the entry will pick, and whether a valid session came with the request. */
export interface PageRequest {
  variant: AppVariant;
  signedIn: boolean;
}

/** One version of the page, compressed ahead of the first request that wants it. */
export interface HintedPage {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** A digest of the body: a 304 only when the browser holds this very version. */
  etag: string;
}

/** Files to hint for one dynamic entry: its chunk, every chunk it imports statically, their stylesheets. */
export function entryFiles(manifest: Manifest, key: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    // The page's own entry (already in the page) is imported back by chunks that use its helpers.
    if (seen.has(name) || !chunk || chunk.isEntry) return;
    seen.add(name);
    scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.push(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts, styles };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The `<link>` elements for a request: the variant's files, then the shell's when signed in.
 *
 * - Scripts as `rel="preload" as="script"`, not `modulepreload`: Chromium compiles a module
 *   preload on the main thread as soon as it arrives, which put that compiling before the first
 *   paint and the entry's own start; a plain preload only fetches, and the module loader takes the
 *   response when the chunk is imported (same URL, CORS mode and credentials: `crossorigin` as on
 *   the links Vite's own loader adds, which then adds none).
 * - Stylesheets preloaded, not linked: a stylesheet link would hold back the first paint (the
 *   page's own loading screen); Vite's loader links each one when its chunk is imported.
 * - `fetchpriority="low"`: none of these files is needed for the first paint, which waits only for
 *   the page and `appearance-boot.js`, so they must not take bandwidth from those. They still leave
 *   with the page, in parallel, instead of one step of the chain after another. (At the default
 *   priority Lighthouse also counts each one toward the first contentful paint:
 *   docs/performance.md, "Page hints".)
 */
export function hintLinks(manifest: Manifest, request: PageRequest): string {
  if (request.variant === 'legacy') return '';
  const keys: string[] = [HINTED_ENTRIES[request.variant]];
  if (request.signedIn) keys.push(HINTED_ENTRIES.signedInShell);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const key of keys) {
    const files = entryFiles(manifest, key);
    files.scripts.forEach((file) => scripts.add(file));
    files.styles.forEach((file) => styles.add(file));
  }
  const link = (attributes: string, file: string) => `<link ${attributes} crossorigin fetchpriority="low" href="${escapeAttribute(file)}">`;
  return [
    ...[...scripts].map((file) => link('rel="preload" as="script"', file)),
    ...[...styles].map((file) => link('rel="preload" as="style"', file)),
  ].join('');
}

async function compressed(html: string): Promise<HintedPage> {
  const body = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip(body, { level: 9 }),
  ]);
  return { body, br, gzip: gz, etag: `W/"${createHash('sha256').update(body).digest('hex').slice(0, 20)}"` };
}

/**
 * The hinted versions of one build's page, made on first use and kept until the build changes:
 * at most six (three variants, signed in or not), so nothing is compressed per request. The
 * build can be replaced under a running server (the browser tests and `npm start` rebuild in
 * place), so every request compares the page's and the manifest's size and time with the ones
 * the versions were made from.
 */
export class HintedPages {
  private built: { key: string; manifest: Manifest | undefined; template: string; pages: Map<string, Promise<HintedPage>> } | undefined;

  constructor(private readonly root: string) {}

  /** The page for this request, or undefined when the build has no manifest (serve the page as it is). */
  async page(index: { file: string; stats: Stats }, request: PageRequest): Promise<HintedPage | undefined> {
    const manifestFile = path.join(this.root, MANIFEST_FILE);
    const manifestStats = await fs.stat(manifestFile).catch(() => undefined);
    if (!manifestStats?.isFile()) return undefined;
    const key = [index.stats.size, index.stats.mtimeMs, manifestStats.size, manifestStats.mtimeMs].join(':');
    if (this.built?.key !== key) {
      const [template, manifestText] = await Promise.all([fs.readFile(index.file, 'utf8'), fs.readFile(manifestFile, 'utf8')]);
      this.built = { key, manifest: parseManifest(manifestText), template, pages: new Map() };
    }
    const built = this.built;
    if (!built.manifest) return undefined;
    const name = `${request.variant}:${request.signedIn}`;
    let page = built.pages.get(name);
    if (!page) {
      page = compressed(built.template.replace('</head>', `${hintLinks(built.manifest, request)}</head>`));
      built.pages.set(name, page);
    }
    return page;
  }
}

/** The manifest, or undefined when it is not one (a half-written build): the page goes out unhinted. */
function parseManifest(text: string): Manifest | undefined {
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Manifest) : undefined;
  } catch {
    return undefined;
  }
}
