import { PRACTICE_PREFERENCE_DEFAULTS } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * Practice preferences over HTTP: the effective preferences answer every default of SPEC.md
 * section 9 until the practice sets its own, writes are checked against the core schema, and a
 * refused write changes nothing.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const EFFECTIVE = 'PracticePreferences/_effective';

describe('PracticePreferences', () => {
  it('a new practice answers every default of SPEC.md section 9', async () => {
    const r = await t.request('GET', EFFECTIVE);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ resourceType: 'PracticePreferences', ...PRACTICE_PREFERENCE_DEFAULTS });
    // The constants of section 9, spelled out, so a changed default cannot pass unnoticed.
    expect(r.body).toMatchObject({
      noteSignWarningTimeout: 36,
      sessionTimeoutInMinutes: 30,
      patientPopulationLevel: 'All',
      defaultScribeNoteFormat: 'GIRPP',
      labels: {
        location: { singular: 'Location', plural: 'Locations' },
        enrollment: { singular: 'Enrollment', plural: 'Enrollments' },
        patient: { singular: 'Patient', plural: 'Patients' },
        session: { singular: 'Session', plural: 'Sessions' },
        problem: { singular: 'Problem', plural: 'Problems' },
        practitioner: { singular: 'Practitioner', plural: 'Practitioners' },
      },
    });
    for (const flag of [
      'allowMarkAllReview',
      'sessionToSignIncludesWeekends',
      'allowSessionTimeInputDefault',
      'requirePlaceOfService',
      'scheduleMonthlyUserReport',
      'allowNotePrintout',
      'filterNoteCategoryByProgram',
      'allowNotesFromAppointments',
    ])
      expect(r.body[flag], flag).toBe(true);
    for (const flag of [
      'filterDxByProgram',
      'militaryTimeInPrintouts',
      'checkOverlappingSessions',
      'hidePlaceOfService',
      'allowReportEmails',
      'restrictReportEmailsToAdmins',
      'appointmentCreation',
      'hideNoShowCancelledAppointments',
      'allowAppointmentCancellation',
      'alwaysMaskMobileCalls',
      'allowMobilePatientSignature',
      'allowGroupNoteAdminEdit',
      'defaultAsDocumentationNote',
      'showSyncIssueWidgetOnDashboard',
      'forceGroupNoteServiceOverride',
      'streamlinedStartNote',
      'dictationOnlyScribeSessions',
      'appointmentCreationSatisfiesValidations',
      'skipAppointmentStatusUpdate',
    ])
      expect(r.body[flag], flag).toBe(false);
    for (const list of [
      'customNoteOptions',
      'appointmentStatuses',
      'levelsOfAssistance',
      'promptNumberCodes',
      'signatureServiceTypeExclusions',
      'emailTestRecipients',
      'scribeFormatConfigurations',
      'startNoteServiceTypeExclusions',
    ])
      expect(r.body[list], list).toEqual([]);
  });

  it('refuses invalid preferences with the form messages, storing nothing', async () => {
    const r = await t.request('POST', 'PracticePreferences', {
      body: {
        sessionTimeoutInMinutes: 0,
        patientPopulationLevel: 'Everyone',
        labels: { patient: { singular: ' Client', plural: 'Clients' } },
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.issues).toEqual([
      { path: 'sessionTimeoutInMinutes', message: 'sessionTimeoutInMinutes must be a positive number' },
      { path: 'patientPopulationLevel', message: 'patientPopulationLevel must be one of the following values: All, CareTeam, Program' },
      { path: 'labels.patient.singular', message: 'labels.patient.singular cannot begin or end with whitespace' },
    ]);
    expect((await t.request('GET', 'PracticePreferences')).body).toEqual([]);
  });

  it('stored preferences win over the defaults; a refused update leaves them as they were', async () => {
    const labels = { ...PRACTICE_PREFERENCE_DEFAULTS.labels, patient: { singular: 'Client', plural: 'Clients' } };
    const created = await t.request('POST', 'PracticePreferences', { body: { labels, noteSignWarningTimeout: 48 } });
    expect(created.status).toBe(201);
    const effective = (await t.request('GET', EFFECTIVE)).body;
    expect(effective).toMatchObject({
      id: created.body.id,
      noteSignWarningTimeout: 48,
      sessionTimeoutInMinutes: 30,
      allowNotePrintout: true,
    });
    expect(effective.labels.patient).toEqual({ singular: 'Client', plural: 'Clients' });
    expect(effective.labels.session).toEqual({ singular: 'Session', plural: 'Sessions' });

    const refused = await t.request('PUT', `PracticePreferences/${created.body.id}?versionId=${created.body.meta.versionId}`, {
      body: { ...created.body, noteSignWarningTimeout: 1.5 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([{ path: 'noteSignWarningTimeout', message: 'noteSignWarningTimeout must be an integer' }]);
    expect((await t.request('GET', `PracticePreferences/${created.body.id}`)).body).toEqual(created.body);
  });

  it('is read like the collection: a user without access to preferences is refused', async () => {
    const patientUser = await t.createUser({
      roles: ['Patient'],
      profileType: 'Patient',
      profileId: (await t.request('POST', 'Patients', { body: { names: [{ family: 'Portal' }] } })).body.id,
    });
    const r = await patientUser.client.request('GET', EFFECTIVE);
    expect([403, 404]).toContain(r.status);
  });
});
