import type { AuthorizationBalance, Note, Reference, RuleResult } from '@caseload/core';
import { api } from '../../../api/index.ts';

/**
 * The note calls that are not resource CRUD (docs/api.md "Note calls"). Screens reach them
 * through the feature's hooks, which re-read the note through the data layer afterwards.
 */
const notesPath = (practiceId: string) => `/api/v1/practices/${encodeURIComponent(practiceId)}/Notes`;

/** The answer of signing and co-signing: the note as it now is, and the warnings it was signed with. */
export interface SignAnswer {
  note: Note;
  warnings: RuleResult[];
}

/** A patient's or related person's signature given at signing (the signature configuration asks for it). */
export interface PatientSignatureBody {
  signer: Reference;
  image: Reference;
}

export const postSignNote = (practiceId: string, id: string, versionId: string, patientSignature?: PatientSignatureBody) =>
  api.post<SignAnswer>(`${notesPath(practiceId)}/${encodeURIComponent(id)}/sign`, { versionId, ...(patientSignature && { patientSignature }) });

export const postCoSignNote = (practiceId: string, id: string, versionId: string) =>
  api.post<SignAnswer>(`${notesPath(practiceId)}/${encodeURIComponent(id)}/co-sign`, { versionId });

/** Amends a signed note: `changes` may set the title, sections and completion. */
export const postAmendNote = (practiceId: string, id: string, body: { versionId: string; reason: string; changes: Partial<Pick<Note, 'title' | 'sections' | 'completion'>> }) =>
  api.post<Note>(`${notesPath(practiceId)}/${encodeURIComponent(id)}/amend`, body);

export const postEnteredInError = (practiceId: string, id: string, body: { versionId: string; reason: string }) =>
  api.post<Note>(`${notesPath(practiceId)}/${encodeURIComponent(id)}/entered-in-error`, body);

/** One attendee of a group session as the call takes it. */
export interface GroupAttendeeInput {
  patient: { resourceType: 'Patient'; id: string; display?: string };
  present: boolean;
  sections?: Note['sections'];
  serviceType?: { resourceType: string; id: string; display?: string };
}

/** The answer of creating a group session: each attendee's encounter and note. */
export interface GroupSessionAnswer {
  groupSessionId: string;
  attendees: { patient: { id: string }; present: boolean; encounter: { id: string }; note: Note }[];
}

export const postGroupSession = (practiceId: string, body: Record<string, unknown>) =>
  api.post<GroupSessionAnswer>(`${notesPath(practiceId)}/group-sessions`, body);

/** The printout's address: opened in a new tab, the browser shows the PDF (audited as an export). */
export const printoutUrl = (practiceId: string, id: string) => `${notesPath(practiceId)}/${encodeURIComponent(id)}/printout`;

/** Rewrites the shared sections of every unsigned note of a group session (signed ones are skipped). */
export const putSharedSections = (practiceId: string, groupSessionId: string, sections: Note['sections']) =>
  api.put<{ updated: Note[]; skipped: { id: string; reason: string }[] }>(`${notesPath(practiceId)}/group-sessions/${encodeURIComponent(groupSessionId)}/shared-sections`, { sections });

/** The patient's authorisations with what their other signed notes used (the Authorization rule's data). */
export interface AuthorizationUsageAnswer {
  authorizations: AuthorizationBalance[];
  /** Minutes per billing unit of the services counted, by id. */
  unitMinutes: Record<string, number>;
}

/** `GET Notes/_authorization-usage`: `note` and `encounter` are this note's, never counted against itself. */
export const getAuthorizationUsage = (practiceId: string, query: { patient: string; note?: string; encounter?: string }) =>
  api.get<AuthorizationUsageAnswer>(`${notesPath(practiceId)}/_authorization-usage?${new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])))}`);
