import type {
  AmendBody,
  AuthorizationUsageAnswer,
  CoSignBody,
  EnteredInErrorBody,
  GroupAttendeeInput,
  GroupSessionAnswer,
  GroupSessionBody,
  Note,
  PatientSignatureBody,
  SharedSectionsAnswer,
  SignAnswer,
  SignBody,
} from '@caseload/core';
import { api } from '../../../api/index.ts';

/** The bodies and answers of the note calls, as the server's contract declares them (core's api/contract). */
export type { AuthorizationUsageAnswer, GroupAttendeeInput, GroupSessionAnswer, PatientSignatureBody, SignAnswer, SignBody };

/**
 * The note calls that are not resource CRUD (docs/api.md "Note calls"). Screens reach them
 * through the feature's hooks, which re-read the note through the data layer afterwards.
 */
const notesPath = (practiceId: string) => `/api/v1/practices/${encodeURIComponent(practiceId)}/Notes`;

export const postSignNote = (practiceId: string, id: string, body: SignBody) =>
  api.post<SignAnswer>(`${notesPath(practiceId)}/${encodeURIComponent(id)}/sign`, body);

export const postCoSignNote = (practiceId: string, id: string, body: CoSignBody) =>
  api.post<SignAnswer>(`${notesPath(practiceId)}/${encodeURIComponent(id)}/co-sign`, body);

/** Amends a signed note: `changes` may set the title, sections and completion. */
export const postAmendNote = (practiceId: string, id: string, body: AmendBody) =>
  api.post<Note>(`${notesPath(practiceId)}/${encodeURIComponent(id)}/amend`, body);

export const postEnteredInError = (practiceId: string, id: string, body: EnteredInErrorBody) =>
  api.post<Note>(`${notesPath(practiceId)}/${encodeURIComponent(id)}/entered-in-error`, body);

export const postGroupSession = (practiceId: string, body: GroupSessionBody) =>
  api.post<GroupSessionAnswer>(`${notesPath(practiceId)}/group-sessions`, body);

/** The printout's address: opened in a new tab, the browser shows the PDF (audited as an export). */
export const printoutUrl = (practiceId: string, id: string) => `${notesPath(practiceId)}/${encodeURIComponent(id)}/printout`;

/** Rewrites the shared sections of every unsigned note of a group session (signed ones are skipped). */
export const putSharedSections = (practiceId: string, groupSessionId: string, sections: Note['sections']) =>
  api.put<SharedSectionsAnswer>(`${notesPath(practiceId)}/group-sessions/${encodeURIComponent(groupSessionId)}/shared-sections`, {
    sections,
  });

/** `GET Notes/_authorization-usage`: `note` and `encounter` are this note's, never counted against itself. */
export const getAuthorizationUsage = (practiceId: string, query: { patient: string; note?: string; encounter?: string }) => {
  const given = Object.entries(query).filter((e): e is [string, string] => Boolean(e[1]));
  return api.get<AuthorizationUsageAnswer>(`${notesPath(practiceId)}/_authorization-usage?${new URLSearchParams(given)}`);
};
