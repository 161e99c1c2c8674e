import type { QuestionnaireResponse } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { isPortalForm, portalForms } from './portal-forms.ts';

const me = { resourceType: 'Patient', id: 'p1' };

function response(id: string, fields: Partial<QuestionnaireResponse>): QuestionnaireResponse {
  return {
    resourceType: 'QuestionnaireResponse',
    id,
    partition: 'p1',
    questionnaire: { resourceType: 'Questionnaire', id: 'phq-9', display: 'PHQ-9' },
    completion: 'NotStarted',
    answers: {},
    author: me,
    meta: { versionId: 'v', lastModified: '2026-01-01T00:00:00Z' },
    ...fields,
  } as QuestionnaireResponse;
}

describe('portal forms', () => {
  it("keeps only the responses assigned to the signed-in person, not the clinicians' or a note's", () => {
    expect(isPortalForm(response('a', {}), me)).toBe(true);
    expect(isPortalForm(response('b', { author: { resourceType: 'Practitioner', id: 'p1' } }), me)).toBe(false);
    expect(isPortalForm(response('c', { author: { resourceType: 'Patient', id: 'p2' } }), me)).toBe(false);
    expect(isPortalForm(response('d', { author: undefined }), me)).toBe(false);
    const fromNote = response('e', {
      derivedFrom: { note: { resourceType: 'Note', id: 'n' }, section: 's' } as QuestionnaireResponse['derivedFrom'],
    });
    expect(isPortalForm(fromNote, me)).toBe(false);
    expect(isPortalForm(response('f', { meta: { versionId: 'v', lastModified: '', isDeleted: true } }), me)).toBe(false);
  });

  it('lists forms to fill in, longest waiting first, and submitted ones, latest first', () => {
    const forms = portalForms(
      [
        response('new', { created: '2026-03-02T10:00:00Z' }),
        response('old', { created: '2026-03-01T10:00:00Z', completion: 'InProgress' }),
        response('done1', { completion: 'Complete', authored: '2026-02-01T10:00:00Z' }),
        response('done2', { completion: 'Complete', authored: '2026-02-15T10:00:00Z' }),
        response('theirs', { author: { resourceType: 'Practitioner', id: 'x' } }),
      ],
      me,
    );
    expect(forms.toFill.map((r) => r.id)).toEqual(['old', 'new']);
    expect(forms.answered.map((r) => r.id)).toEqual(['done2', 'done1']);
  });
});
