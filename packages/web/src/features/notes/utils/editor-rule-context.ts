import type {
  AuthorizationBalance,
  Coverage,
  Encounter,
  HealthcareService,
  Note,
  NoteRuleContext,
  PracticePreferenceValues,
} from '@caseload/core';
import { practiceTimeZone } from '../../practice/index.ts';

/** What the editor knows beyond the note and its encounter. */
export interface EditorRuleInputs {
  note: Pick<Note, 'kind' | 'sections' | 'id' | 'author' | 'composition'>;
  encounter: Encounter;
  preferences: PracticePreferenceValues;
  labels: NoteRuleContext['labels'];
  birthDate?: string;
  coverages?: readonly Coverage[];
  services?: readonly HealthcareService[];
  /**
   * The server's answer of `GET Notes/_authorization-usage` (authorisations less what the patient's
   * other signed notes used). Absent (offline, or not read yet): the coverages' authorisations as
   * recorded, with nothing deducted; the server deducts at signing whatever the editor showed.
   */
  authorizationUsage?: { authorizations: readonly AuthorizationBalance[]; unitMinutes?: Record<string, number> };
  now: Date;
}

/**
 * The rule context the editor evaluates live: the same shape the server builds at signing
 * (server notes/note-rule-context.ts), from what the device has. What only the server can see
 * (other clinicians' overlapping sessions) is left out here; the server checks it when signing.
 * Authorisations come with their usage from the server when it answered (`authorizationUsage`),
 * else from the coverages as recorded (`Coverage.authorizations[]`, docs/notes.md).
 */
export function editorRuleContext(input: EditorRuleInputs): NoteRuleContext {
  const coverages = input.coverages ?? [];
  const authorizations = input.authorizationUsage
    ? [...input.authorizationUsage.authorizations]
    : coverages.flatMap((c) => (c as { authorizations?: AuthorizationBalance[] }).authorizations ?? []);
  const unitMinutes: Record<string, number> = { ...input.authorizationUsage?.unitMinutes };
  for (const s of input.services ?? []) if (s.unitMinutes) unitMinutes[s.id] = s.unitMinutes;
  return {
    note: input.note,
    encounter: input.encounter,
    timeZone: practiceTimeZone(input.preferences),
    now: input.now,
    preferences: {
      checkOverlappingSessions: input.preferences.checkOverlappingSessions,
      requirePlaceOfService: input.preferences.requirePlaceOfService,
      hidePlaceOfService: input.preferences.hidePlaceOfService,
    },
    labels: input.labels,
    patient: { birthDate: input.birthDate },
    coverages: coverages.map((c) => ({ payor: { name: c.payor.name }, period: c.period, order: c.order })),
    authorizations,
    unitMinutes,
    otherSessions: [],
  };
}
