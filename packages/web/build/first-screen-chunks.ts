import path from 'node:path';
import type { CodeSplittingGroup, OutputChunk, RolldownOutput } from 'rolldown';
import { build, type Plugin } from 'vite';

/**
 * The first screen's code in a few chunks instead of thirty (docs/performance.md, "The first
 * screen in a few chunks").
 *
 * Left to itself, Rolldown gives every set of entries that share modules a chunk of its own: the
 * many pages loaded on demand share Mantine's and the app's modules in many different
 * combinations, so the modules a signed-in phone needs first came in about thirty files of 0.5-4
 * KB. A browser with six connections per origin (HTTP/1.1) fetches those a few at a time, one
 * round trip each, and that, not their size, was most of the time to the first screen's text.
 *
 * Here the modules of each first screen go in one chunk per screen:
 *
 * - `variant`: what both the default and the mobile variant load (React, Mantine, the sign-in
 *   page, the app's frame);
 * - `variant-default` and `variant-mobile`: what only one of them loads;
 * - `signed-in`: what the signed-in shell adds to its variant (the data layer, the practice, the
 *   shells, the landing page).
 *
 * Which modules a screen loads is read from a survey: the same build, first run with Rolldown's
 * own chunking and not written, whose chunks say, after tree-shaking, which modules each dynamic
 * entry loads by static import (a module graph read before tree-shaking would take in all of
 * Mantine through its index's re-exports). A page loaded later that uses one of these modules
 * imports its chunk, which the first screen has already loaded; no module joins these chunks that
 * its screen did not load before. What the page's entry script or the service worker holds stays
 * there (the first is already in the page; the second must stay a script with no imports).
 */

/** The dynamic entries whose chunks make the groups, by source path below packages/web. */
export interface FirstScreenEntries {
  /** Its modules stay where Rolldown puts them: it needs neither React nor Mantine. */
  legacyVariant: string;
  defaultVariant: string;
  mobileVariant: string;
  signedInShell: string;
}

export interface FirstScreenChunks {
  plugin: Plugin;
  /** For `build.rolldownOptions.output.codeSplitting.groups`. */
  groups: CodeSplittingGroup[];
}

/** Set while the survey builds, so the survey's own copy of this plugin stays out of the way. */
const SURVEYING = 'CASELOAD_FIRST_SCREEN_SURVEY';

/**
 * The groups, first served first. Each takes only the modules assigned to it, not every module
 * they import (Rolldown's `includeDependenciesRecursively`, on by default, would pull the page
 * script's own modules out of it, and make it import the variant's chunk before it could run).
 * No cycle between chunks can follow: what a surveyed screen loads is closed under static
 * import, so a group's modules import only modules of its own group, of a group before it, or
 * of chunks left as they were (the page script's, the legacy variant's), which import none of
 * the groups.
 */
const GROUPS = ['variant', 'variant-default', 'variant-mobile', 'signed-in'] as const;
export type FirstScreenGroup = (typeof GROUPS)[number];

/** What the grouping reads of a surveyed chunk. */
export type SurveyedChunk = Pick<OutputChunk, 'fileName' | 'imports' | 'moduleIds' | 'isEntry' | 'facadeModuleId'>;

export function firstScreenChunks(root: string, entries: FirstScreenEntries): FirstScreenChunks {
  const groupOf = new Map<string, FirstScreenGroup>();
  const plugin: Plugin = {
    name: 'caseload:first-screen-chunks',
    apply: (_config, env) => env.command === 'build' && !process.env[SURVEYING],
    async buildStart() {
      const survey = await surveyBuild(root);
      groupOf.clear();
      for (const [id, group] of assignGroups(survey, root, entries)) groupOf.set(id, group);
    },
  };
  const groups = GROUPS.map((name, index) => ({
    name,
    priority: GROUPS.length - index,
    test: (id: string) => groupOf.get(id) === name,
    includeDependenciesRecursively: false,
  }));
  return { plugin, groups };
}

/** The chunks of a plain build of the same config (Rolldown's chunking), not written. */
async function surveyBuild(root: string): Promise<OutputChunk[]> {
  process.env[SURVEYING] = '1';
  try {
    const result = (await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { write: false, emptyOutDir: false, copyPublicDir: false, manifest: false, sourcemap: false },
    })) as RolldownOutput | RolldownOutput[];
    const outputs = Array.isArray(result) ? result : [result];
    return outputs.flatMap((output) => output.output.filter((file): file is OutputChunk => file.type === 'chunk'));
  } finally {
    delete process.env[SURVEYING];
  }
}

/** Module id → group, from which surveyed chunks each first screen loads (exported for its tests). */
export function assignGroups(chunks: SurveyedChunk[], root: string, entries: FirstScreenEntries): Map<string, FirstScreenGroup> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entryChunk = (file: string) => {
    const id = path.join(root, file);
    const chunk = chunks.find((c) => c.facadeModuleId === id);
    if (!chunk) throw new Error(`first-screen chunks: no chunk for ${file} (renamed?)`);
    return chunk;
  };
  // Modules of the chunks `start` imports statically, directly or not, its own included; never
  // those of a static entry (the page's script, the service worker), which stay where they are.
  const modulesLoadedBy = (start: SurveyedChunk) => {
    const modules = new Set<string>();
    const seen = new Set<string>();
    const visit = (chunk: SurveyedChunk | undefined) => {
      if (!chunk || seen.has(chunk.fileName) || chunk.isEntry) return;
      seen.add(chunk.fileName);
      for (const id of chunk.moduleIds) modules.add(id);
      for (const imported of chunk.imports) visit(byFile.get(imported));
    };
    visit(start);
    return modules;
  };
  const defaultVariant = modulesLoadedBy(entryChunk(entries.defaultVariant));
  const mobileVariant = modulesLoadedBy(entryChunk(entries.mobileVariant));
  const shell = modulesLoadedBy(entryChunk(entries.signedInShell));

  // The entries stay chunks of their own (the page hints name them by source path), and so does
  // what the legacy variant loads: it must not pull in a group's chunk.
  const stay = modulesLoadedBy(entryChunk(entries.legacyVariant));
  for (const file of Object.values(entries)) stay.add(path.join(root, file));
  const groupOf = new Map<string, FirstScreenGroup>();
  // In this order: a module both variants load goes in the shared chunk, not in either's own.
  const assign = (ids: Iterable<string>, group: FirstScreenGroup) => {
    for (const id of ids) if (!groupOf.has(id) && !stay.has(id)) groupOf.set(id, group);
  };
  assign(
    [...defaultVariant].filter((id) => mobileVariant.has(id)),
    'variant',
  );
  assign(defaultVariant, 'variant-default');
  assign(mobileVariant, 'variant-mobile');
  assign(shell, 'signed-in');
  return groupOf;
}
