import { SCRIBE_FORMATS, ScribeNoteFormats, type ScribeFormat, type ScribeFormatConfiguration } from '@caseload/core';

/** One format as the "Note formats" section edits it. */
export interface FormatDraft {
  format: ScribeFormat;
  enabled: boolean;
  /** Every section key of the format, once, in the practice's order. */
  sectionOrder: string[];
  instructions: string;
}

export interface FormatsDraft {
  defaultFormat: ScribeFormat;
  /** Every format, in the standard order. */
  formats: FormatDraft[];
}

const entriesOf = (list: unknown): ScribeFormatConfiguration[] =>
  (Array.isArray(list) ? list : []).filter((c): c is ScribeFormatConfiguration => typeof c === 'object' && c !== null);

/**
 * The draft from the stored preferences: each format offered unless switched off, its sections in
 * the stored order (keys it does not have dropped, the ones not named following in their own order,
 * as the generator reads them) and its instructions.
 */
export function formatsDraftOf(values: { defaultScribeNoteFormat?: unknown; scribeFormatConfigurations?: unknown }): FormatsDraft {
  const configs = entriesOf(values.scribeFormatConfigurations);
  return {
    defaultFormat: (values.defaultScribeNoteFormat as ScribeFormat | undefined) ?? 'GIRPP',
    formats: ScribeNoteFormats.map((format) => {
      const c = configs.find((x) => x.format === format);
      const keys = SCRIBE_FORMATS[format].map((s) => s.key);
      const order = [...new Set(c?.sectionOrder ?? [])].filter((k) => keys.includes(k));
      return {
        format,
        enabled: c?.enabled !== false,
        sectionOrder: [...order, ...keys.filter((k) => !order.includes(k))],
        instructions: typeof c?.instructions === 'string' ? c.instructions : '',
      };
    }),
  };
}

/** What is saved as `scribeFormatConfigurations`: one entry per format, blank instructions left out. */
export function formatConfigurationsOf(draft: FormatsDraft): ScribeFormatConfiguration[] {
  return draft.formats.map((f) => {
    const instructions = f.instructions.trim();
    return { format: f.format, enabled: f.enabled, sectionOrder: f.sectionOrder, ...(instructions && { instructions }) };
  });
}

/** The order with the section at `from` moved to `to` (both within the list). */
export function moveSection(order: readonly string[], from: number, to: number): string[] {
  if (from === to || from < 0 || to < 0 || from >= order.length || to >= order.length) return [...order];
  const next = [...order];
  const [key] = next.splice(from, 1);
  next.splice(to, 0, key!);
  return next;
}

/** A section's title in its format (the key when unknown). */
export const sectionTitle = (format: ScribeFormat, key: string) => SCRIBE_FORMATS[format].find((s) => s.key === key)?.title ?? key;
