import type {
  Condition,
  Encounter,
  EncounterDiagnosis,
  EpisodeOfCare,
  Note,
  NoteDefinition,
  NoteKind,
  NoteSection,
  NoteTemplate,
  PracticePreferenceValues,
  Reference,
  SessionTime,
} from '@caseload/core';
import { defaultSessionTime } from './session-time-fields.ts';
import { refTo } from './note-refs.ts';

/** A resource not stored yet: its own fields, without id, meta or Resource's open index signature (so they are type-checked). */
export type NewResource<T> = { [K in keyof T as string extends K ? never : K extends 'id' | 'meta' ? never : K]: T[K] };

/** What a new note is started from (the New note dialog's choices and what the chart knows). */
export interface NewNoteInput {
  patient: { id: string; display?: string };
  author: Reference;
  definition: NoteDefinition;
  template?: NoteTemplate;
  /** The patient's active episode of care, if there is one: program and diagnoses come from it. */
  episode?: EpisodeOfCare;
  conditions?: Condition[];
  preferences: Pick<PracticePreferenceValues, 'allowSessionTimeInputDefault' | 'defaultAsDocumentationNote' | 'filterDxByProgram'>;
  now: Date;
}

/** The note kind a definition's notes get: its own, else Note (DocumentationNote when the practice says so). */
export function noteKindFor(definition: NoteDefinition, defaultAsDocumentationNote: boolean): NoteKind {
  if (definition.noteKind) return definition.noteKind;
  if (definition.kind === 'Group') return 'GroupNote';
  if (definition.kind === 'MultiService') return 'MultiServiceNote';
  return defaultAsDocumentationNote ? 'DocumentationNote' : 'Note';
}

/** The note's sections in the definition's order, each prefilled from the template's section with the same key. */
export function sectionsFrom(definition: NoteDefinition, template?: Pick<NoteTemplate, 'sections'>): NoteSection[] {
  return definition.sections.map((s) => {
    const prefill = template?.sections.find((t) => t.key === s.key);
    return {
      key: s.key,
      title: s.title,
      kind: s.kind,
      ...(s.form && { form: s.form }),
      ...(prefill?.narrative !== undefined && { narrative: prefill.narrative }),
      ...(prefill?.answers !== undefined && { answers: prefill.answers }),
      ...(s.shared && { shared: true }),
    };
  });
}

/**
 * The diagnoses an encounter starts with: the episode's, primary first, each with its coded
 * condition (refuted and resolved ones left out). With `filterDxByProgram` only an episode that
 * enrols the encounter's program lends its diagnoses.
 */
export function episodeDiagnoses(
  episode: EpisodeOfCare | undefined,
  conditions: readonly Condition[] = [],
  programId?: string,
  filterByProgram = false,
): EncounterDiagnosis[] {
  if (!episode) return [];
  if (filterByProgram && programId && !episode.programs.some((p) => p.program.id === programId)) return [];
  const byId = new Map(conditions.map((c) => [c.id, c]));
  return [...(episode.diagnoses ?? [])]
    .sort((a, b) => (a.role === 'primary' ? -1 : 0) - (b.role === 'primary' ? -1 : 0) || (a.rank ?? 99) - (b.rank ?? 99))
    .flatMap((d, i) => {
      const c = byId.get(d.condition.id);
      if (!c || c.verificationStatus === 'Refuted' || c.clinicalStatus === 'resolved') return [];
      return [{ code: c.code, condition: refTo(c), rank: i + 1 }];
    });
}

/** The program a new note starts with: the definition's only program, else the episode's only (open) one. */
function startingProgram(definition: NoteDefinition, episode?: EpisodeOfCare): Reference | undefined {
  if (definition.programs?.length === 1) return definition.programs[0];
  const open = episode?.programs.filter((p) => !p.period?.end) ?? [];
  return open.length === 1 ? open[0]!.program : undefined;
}

/**
 * The Encounter and Note a new note starts as (not yet stored: the caller upserts the encounter,
 * then the note pointing at it). Prefilled with all it can be sure of, so a routine note needs only
 * what changes from session to session: the definition's only service, the program, the episode's
 * diagnoses, Show and In person, and (with `allowSessionTimeInputDefault`) the hour just ended.
 */
export function newNoteDrafts(input: NewNoteInput): {
  encounter: NewResource<Encounter>;
  note: (encounter: Reference) => NewResource<Note>;
} {
  const { patient, author, definition, template, episode, preferences, now } = input;
  const subject: Reference = { resourceType: 'Patient', id: patient.id, ...(patient.display && { display: patient.display }) };
  const program = startingProgram(definition, episode);
  const mode = definition.durationMode ?? 'Duration';
  const sessionTime: SessionTime = preferences.allowSessionTimeInputDefault
    ? defaultSessionTime(now, mode, definition.incrementMinutes)
    : { mode };
  const encounter: NewResource<Encounter> = {
    resourceType: 'Encounter',
    partition: patient.id,
    subject,
    participants: [
      { individual: author, role: 'PrimaryPerformer' },
      { individual: subject, role: 'Patient' },
    ],
    visitStatus: 'Show',
    visitMode: 'InPerson',
    sessionTime,
    ...(definition.serviceTypes?.length === 1 && { serviceType: definition.serviceTypes[0] }),
    ...(program && { program }),
    ...(episode && { episodeOfCare: refTo(episode) }),
    diagnoses: episodeDiagnoses(episode, input.conditions, program?.id, preferences.filterDxByProgram),
    ...(definition.kind === 'MultiService' && { documentationType: 'MultiServiceNote' as const, services: [] }),
  };
  const kind = noteKindFor(definition, preferences.defaultAsDocumentationNote);
  const sections = sectionsFrom(definition, template);
  return {
    encounter,
    note: (encounterRef) => ({
      resourceType: 'Note',
      partition: patient.id,
      subject,
      kind,
      composition: definition.kind,
      definition: refTo(definition),
      ...(template && { template: refTo(template) }),
      encounter: encounterRef,
      ...(sessionTime.start && { encounterDate: sessionTime.start }),
      author,
      title: definition.name,
      sections,
      completion: template ? 'InProgress' : 'NotStarted',
      status: 'Preliminary',
    }),
  };
}

/**
 * The definitions a clinician may start a note from: Active ones of the wanted kinds; with
 * `filterNoteCategoryByProgram` and a program known, only those for that program (or for every program).
 */
export function availableDefinitions(
  definitions: readonly NoteDefinition[],
  options: { kinds: NoteDefinition['kind'][]; programIds?: string[]; filterByProgram: boolean },
): NoteDefinition[] {
  return definitions
    .filter((d) => d.status === 'Active' && options.kinds.includes(d.kind))
    .filter(
      (d) =>
        !options.filterByProgram ||
        !options.programIds?.length ||
        !d.programs?.length ||
        d.programs.some((p) => options.programIds!.includes(p.id)),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Templates of a definition the author may use: the practice's and their own, A to Z. */
export function templatesFor(
  templates: readonly NoteTemplate[],
  definitionId: string | undefined,
  authorId: string | undefined,
): NoteTemplate[] {
  if (!definitionId) return [];
  return templates
    .filter((t) => t.definition.id === definitionId && (!t.author || t.author.id === authorId))
    .sort((a, b) => a.name.localeCompare(b.name));
}
