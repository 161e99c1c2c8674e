import type { QuestionnaireResponse, Reference } from '@caseload/core';

/** The forms a portal login sees: those waiting for its answers, and those it has submitted. */
export interface PortalForms {
  /** Not yet submitted, the longest waiting first. */
  toFill: QuestionnaireResponse[];
  /** Submitted, the latest first. */
  answered: QuestionnaireResponse[];
}

/**
 * Whether a response is this portal login's to answer: the practice assigns a form by creating a
 * response in the patient's chart whose `author` is the person who is to answer it (the patient,
 * or a related person). Responses staff fill in (author a practitioner) and those a signed note
 * recorded are the clinicians' work, not the portal's, even though the portal may read them.
 */
export function isPortalForm(response: QuestionnaireResponse, me: Pick<Reference, 'resourceType' | 'id'>): boolean {
  return (
    !response.meta?.isDeleted &&
    !response.derivedFrom &&
    // A packet's forms are filled in through their packet (Paperwork), not one by one.
    !response.packetResponse &&
    response.author?.resourceType === me.resourceType &&
    response.author.id === me.id
  );
}

const byCreated = (a: QuestionnaireResponse, b: QuestionnaireResponse) => (a.created ?? '').localeCompare(b.created ?? '');
const byAuthoredDesc = (a: QuestionnaireResponse, b: QuestionnaireResponse) => (b.authored ?? '').localeCompare(a.authored ?? '');

/** The portal login's forms out of the responses in its chart. */
export function portalForms(responses: readonly QuestionnaireResponse[], me: Pick<Reference, 'resourceType' | 'id'>): PortalForms {
  const mine = responses.filter((r) => isPortalForm(r, me));
  return {
    toFill: mine.filter((r) => r.completion !== 'Complete').sort(byCreated),
    answered: mine.filter((r) => r.completion === 'Complete').sort(byAuthoredDesc),
  };
}

/** The form's title as the response names it (the server writes the title answered). */
export const formTitle = (response: QuestionnaireResponse): string => response.questionnaire?.display ?? 'Form';
