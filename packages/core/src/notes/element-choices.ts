/**
 * Where a custom dropdown element (`CtoneCustomDropdown`) takes its choices from when the
 * definition lists none of its own: one of the practice preferences' lists (issue 7, "Custom note
 * options, levels of assistance and prompt-number codes from practice preferences").
 */
export const NoteElementOptionSources = ['CustomNoteOptions', 'LevelsOfAssistance', 'PromptNumberCodes'] as const;
export type NoteElementOptionSource = (typeof NoteElementOptionSources)[number];

/** The practice preference lists a dropdown element can show. */
export interface NoteChoiceLists {
  customNoteOptions: readonly string[];
  levelsOfAssistance: readonly string[];
  promptNumberCodes: readonly string[];
}

const LIST_OF: Record<NoteElementOptionSource, keyof NoteChoiceLists> = {
  CustomNoteOptions: 'customNoteOptions',
  LevelsOfAssistance: 'levelsOfAssistance',
  PromptNumberCodes: 'promptNumberCodes',
};

/** Human names of the sources, for the definition form and empty states. */
export const OPTION_SOURCE_LABELS: Record<NoteElementOptionSource, string> = {
  CustomNoteOptions: 'Custom note options',
  LevelsOfAssistance: 'Levels of assistance',
  PromptNumberCodes: 'Prompt-number codes',
};

/**
 * The choices of a dropdown element: its own `options` when the definition lists any, else the
 * practice list its `optionSource` names (custom note options by default).
 */
export function elementChoices(
  element: { options?: readonly string[]; optionSource?: NoteElementOptionSource },
  lists: NoteChoiceLists,
): string[] {
  if (element.options?.length) return [...element.options];
  return [...(lists[LIST_OF[element.optionSource ?? 'CustomNoteOptions']] ?? [])];
}
