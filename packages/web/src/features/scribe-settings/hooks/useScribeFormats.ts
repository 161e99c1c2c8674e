import type { ScribeFormat } from '@caseload/core';
import { useCallback } from 'react';
import { formatConfigurationsOf, formatsDraftOf, moveSection, type FormatDraft, type FormatsDraft } from '../utils/format-draft.ts';
import { usePreferencesSection } from './usePreferencesSection.ts';

const formatValues = (draft: FormatsDraft) => ({
  defaultScribeNoteFormat: draft.defaultFormat,
  scribeFormatConfigurations: formatConfigurationsOf(draft),
});

/**
 * The practice's note formats (`scribeFormatConfigurations`: offered or not, section order,
 * instructions) and `defaultScribeNoteFormat`, saved as the PracticePreferences resource.
 */
export function useScribeFormats() {
  const section = usePreferencesSection(formatsDraftOf, formatValues);
  const { update } = section;
  const changeFormat = useCallback(
    (format: ScribeFormat, change: (f: FormatDraft) => FormatDraft) =>
      update((d) => ({ ...d, formats: d.formats.map((f) => (f.format === format ? change(f) : f)) })),
    [update],
  );
  const setEnabled = useCallback(
    (format: ScribeFormat, enabled: boolean) => changeFormat(format, (f) => ({ ...f, enabled })),
    [changeFormat],
  );
  const setInstructions = useCallback(
    (format: ScribeFormat, instructions: string) => changeFormat(format, (f) => ({ ...f, instructions })),
    [changeFormat],
  );
  const move = useCallback(
    (format: ScribeFormat, from: number, to: number) =>
      changeFormat(format, (f) => ({ ...f, sectionOrder: moveSection(f.sectionOrder, from, to) })),
    [changeFormat],
  );
  const setDefault = useCallback((defaultFormat: ScribeFormat) => update((d) => ({ ...d, defaultFormat })), [update]);
  return { ...section, setEnabled, setInstructions, move, setDefault };
}
