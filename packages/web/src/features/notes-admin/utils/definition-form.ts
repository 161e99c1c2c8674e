import {
  applyFormLocale,
  DurationModes,
  NoteDefinitionKinds,
  NoteElementOptionSources,
  NoteKinds,
  NoteSectionElementTypes,
  SectionKinds,
  type DurationMode,
  type NoteDefinition,
  type NoteDefinitionKind,
  type NoteDefinitionSection,
  type NoteElementOptionSource,
  type NoteKind,
  type NoteSectionElementType,
  type NoteSectionKind,
  type Reference,
} from '@caseload/core';
import { array, boolean, number, object, string, type ObjectSchema } from '../../../ui/yup.ts';

// The web bundle keeps only what it uses of core (sideEffects: false), so the product's yup messages
// and rules (SPEC.md section 5, `unique`) are put in place here, before these schemas are built.
applyFormLocale();

/** One section as the definition form edits it; `key` is kept from the stored section (notes name it). */
export interface SectionFormValues {
  key: string;
  title: string;
  kind: NoteSectionKind;
  required: boolean;
  shared: boolean;
  help: string;
  /** Form: the Questionnaire/Form answered; Subform: a NoteSectionForm; Assessment: a Questionnaire. */
  form: string;
  /** Form sections: the element types, in order. */
  elements: NoteSectionElementType[];
  /** The practice list the section's custom dropdown shows (when it has one). */
  optionSource: NoteElementOptionSource;
}

export interface DefinitionFormValues {
  name: string;
  kind: NoteDefinitionKind;
  noteKind: NoteKind;
  programs: string[];
  serviceTypes: string[];
  durationMode: DurationMode;
  incrementMinutes?: number;
  sections: SectionFormValues[];
}

/** Which collection a section's `form` is picked from, by section kind (none: the kind has no form). */
export const SECTION_FORM_SOURCES: Partial<
  Record<NoteSectionKind, { collections: string[]; resourceType: (collection: string) => string; label: string }>
> = {
  Form: {
    collections: ['Forms', 'Questionnaires'],
    resourceType: (c) => (c === 'Forms' ? 'Form' : 'Questionnaire'),
    label: 'Form or questionnaire',
  },
  Subform: { collections: ['NoteSectionForms'], resourceType: () => 'NoteSectionForm', label: 'Section form' },
  Assessment: { collections: ['Questionnaires'], resourceType: () => 'Questionnaire', label: 'Assessment questionnaire' },
};

/** What each section kind is, for the kind picker. */
export const SECTION_KIND_HELP: Record<NoteSectionKind, string> = {
  Narrative: 'Free text, written in the rich-text editor.',
  Form: 'Structured elements (session time, diagnoses, a form, ...), in order.',
  Subform: 'A section form answered inside the note (multi-service notes pick one per service).',
  Import: "Content brought in from the patient's record (e.g. the previous note).",
  Assessment: 'A scored questionnaire (PHQ-9, GAD-7, ...) answered in the note.',
};

/** The note kinds a definition may produce: every kind but ScribeSession (the scribe issue makes those). */
export const DEFINITION_NOTE_KINDS = NoteKinds.filter((k) => k !== 'ScribeSession');

/** The note kind that matches a definition kind by default. */
export const NOTE_KIND_OF: Record<NoteDefinitionKind, NoteKind> = {
  Individual: 'Note',
  Group: 'GroupNote',
  MultiService: 'MultiServiceNote',
};

/** A new, empty section of the given kind. */
export const newSection = (kind: NoteSectionKind = 'Narrative'): SectionFormValues => ({
  key: '',
  title: '',
  kind,
  required: false,
  shared: false,
  help: '',
  form: '',
  elements: kind === 'Form' ? ['SessionTime'] : [],
  optionSource: 'CustomNoteOptions',
});

/** A key for a section from its title ("Session narrative" → "session-narrative"), unique among `taken`. */
export function sectionKey(title: string, taken: ReadonlySet<string>): string {
  const base =
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_-]+/g, '-') || 'section';
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
  return key;
}

const ids = (refs: readonly Reference[] | undefined) => (refs ?? []).map((r) => r.id);

/** The form's values for a stored definition (or a new individual note with one narrative section). */
export function definitionFormValues(d: NoteDefinition | undefined): DefinitionFormValues {
  return {
    name: d?.name ?? '',
    kind: d?.kind ?? 'Individual',
    noteKind: d?.noteKind ?? NOTE_KIND_OF[d?.kind ?? 'Individual'],
    programs: ids(d?.programs),
    serviceTypes: ids(d?.serviceTypes),
    durationMode: d?.durationMode ?? 'Duration',
    incrementMinutes: d?.incrementMinutes,
    sections: d
      ? d.sections.map((s) => ({
          key: s.key,
          title: s.title,
          kind: s.kind,
          required: s.required ?? false,
          shared: s.shared ?? false,
          help: s.help ?? '',
          form: s.form?.id ?? '',
          elements: (s.elements ?? []).map((e) => e.type),
          optionSource: s.elements?.find((e) => e.type === 'CtoneCustomDropdown')?.optionSource ?? 'CustomNoteOptions',
        }))
      : [{ ...newSection('Narrative'), title: 'Session narrative' }],
  };
}

/**
 * The stored fields from the form's values. Sections keep their keys (written notes name them);
 * new ones get a key from their title. Only a Form section keeps elements, only a kind with a form
 * source keeps its form, only a group definition keeps `shared`. Element keys are the section's key
 * and the element type, so answers land under stable names.
 */
export function definitionFields(
  v: DefinitionFormValues,
  refer: (resourceType: string, id: string) => Reference,
  formType: (id: string) => string,
): Pick<NoteDefinition, 'name' | 'kind' | 'noteKind' | 'programs' | 'serviceTypes' | 'durationMode' | 'incrementMinutes' | 'sections'> {
  const taken = new Set(v.sections.map((s) => s.key).filter(Boolean));
  const sections = v.sections.map((s): NoteDefinitionSection => {
    const key = s.key || sectionKey(s.title, taken);
    taken.add(key);
    const source = SECTION_FORM_SOURCES[s.kind];
    const form = source && s.form ? refer(formType(s.form), s.form) : undefined;
    return {
      key,
      title: s.title.trim(),
      kind: s.kind,
      ...(s.required && { required: true }),
      ...(v.kind === 'Group' && s.shared && { shared: true }),
      ...(s.help.trim() && { help: s.help.trim() }),
      ...(form && { form }),
      ...(s.kind === 'Form' && {
        elements: s.elements.map((type) => ({
          key: `${key}.${type}`,
          type,
          ...(type === 'Form' && form && { form }),
          // Custom note options are the default: only another list is stored.
          ...(type === 'CtoneCustomDropdown' && s.optionSource !== 'CustomNoteOptions' && { optionSource: s.optionSource }),
        })),
      }),
    };
  });
  return {
    name: v.name.trim(),
    kind: v.kind,
    noteKind: v.noteKind,
    programs: v.programs.map((id) => refer('Program', id)),
    serviceTypes: v.serviceTypes.map((id) => refer('HealthcareService', id)),
    durationMode: v.durationMode,
    incrementMinutes: v.durationMode === 'TimeIncrements' ? (v.incrementMinutes ?? 15) : undefined,
    sections,
  };
}

const sectionSchema = object({
  key: string().default(''),
  title: string().trim().label('Section title').required().max(200),
  kind: string()
    .label('Section kind')
    .required()
    .oneOf([...SectionKinds]),
  required: boolean().default(false),
  shared: boolean().default(false),
  help: string().trim().label('Help text').max(1000).default(''),
  form: string()
    .label('Form')
    .default('')
    .when('kind', ([kind], s) => (kind === 'Form' || kind === 'Subform' || kind === 'Assessment' ? s.required() : s)),
  elements: array(
    string()
      .required()
      .oneOf([...NoteSectionElementTypes]),
  )
    .label('Elements')
    .default([])
    .unique()
    .when('kind', ([kind], s) => (kind === 'Form' ? s.min(1) : s)),
  optionSource: string()
    .label('Dropdown choices')
    .oneOf([...NoteElementOptionSources])
    .default('CustomNoteOptions'),
});

/** The definition form's schema, with SPEC.md section 5's messages. */
export const noteDefinitionSchema = object({
  name: string().trim().label('Name').required().max(200),
  kind: string()
    .label('Kind')
    .required()
    .oneOf([...NoteDefinitionKinds]),
  noteKind: string()
    .label('Note kind')
    .required()
    .oneOf([...DEFINITION_NOTE_KINDS]),
  programs: array(string().required()).default([]),
  serviceTypes: array(string().required()).default([]),
  durationMode: string()
    .label('Session time entry')
    .required()
    .oneOf([...DurationModes]),
  incrementMinutes: number()
    .label('Minutes per increment')
    .transform((value: number, original: unknown) => (original === '' || original === null || Number.isNaN(value) ? undefined : value))
    .when('durationMode', ([mode], s) => (mode === 'TimeIncrements' ? s.required().integer().min(1).max(240) : s.optional())),
  sections: array(sectionSchema).label('Sections').min(1),
}) as unknown as ObjectSchema<DefinitionFormValues>;
