import { beforeAll, describe, expect, it } from 'vitest';
import {
  attestAndSign,
  chooseClinic,
  createAs,
  createNotePatient,
  input,
  openAs,
  pdfLines,
  ref,
  signDialog,
  startNote,
  synced,
  useNotesSuite,
} from './support/notes.ts';

/**
 * A note whose signature configuration asks for the patient's or a related person's signature
 * (issue 7, "Signing"), in Chromium against the real server: the editor asks for it before the
 * clinician signs, the server refuses the note without it, and with it the note is Final with
 * the author's and the related person's signatures, the image stored as a Media of the chart and
 * printed on the printout. The same note's custom dropdown offers the practice's levels of
 * assistance (a definition element's `optionSource`), and the answer is stored with the note.
 */

const suite = useNotesSuite();
const { tag } = suite;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const { t, practice } = suite;
  await createAs(t, 'NoteDefinitions', {
    resourceType: 'NoteDefinition',
    name: `Family session ${tag}`,
    kind: 'Individual',
    status: 'Active',
    durationMode: 'DurationMinutes',
    sections: [
      { key: 'narrative', title: 'Session narrative', kind: 'Narrative' },
      {
        key: 'skills',
        title: 'Skills practised',
        kind: 'Form',
        elements: [{ key: 'skills.CtoneCustomDropdown', type: 'CtoneCustomDropdown', optionSource: 'LevelsOfAssistance' }],
      },
    ],
  });
  // The practice's levels of assistance reach the editor's dropdown (issue 7, practice preference lists).
  await createAs(t, 'PracticePreferences', {
    resourceType: 'PracticePreferences',
    levelsOfAssistance: ['Independent', 'Verbal prompt', 'Full physical'],
    customNoteOptions: ['Engaged'],
  });
  await createAs(t, 'SignatureConfigurations', {
    resourceType: 'SignatureConfiguration',
    name: `Family program ${tag}`,
    status: 'Active',
    supervisorCoSignature: 'Never',
    patientSignature: 'PatientOrRelatedPerson',
    programs: [ref('Program', practice.program)],
  });
  ids.patient = await createNotePatient(t, practice, `Sig${tag}`, 'Nora');
  ids.guardian = await createAs(t, 'RelatedPeople', {
    resourceType: 'RelatedPerson',
    partition: ids.patient,
    patient: ref('Patient', ids.patient),
    names: [{ given: ['Rita'], family: `Guardian${tag}` }],
    isGuardian: true,
  });
});

describe('a patient or related-person signature on a note', () => {
  it(
    'is asked for by the editor, refused when missing, and signed with ' +
      'the note when given; a dropdown offers the levels of assistance',
    async () => {
      const page = await openAs(suite, suite.clinician, `/patients/${ids.patient}`);
      const noteId = await startNote(page, `Family session ${tag}`);
      await page.getByRole('textbox', { name: 'Session narrative' }).click();
      await page.keyboard.type('Family session on routines at home.');
      await input(page, 'Levels of assistance').click();
      expect(await page.getByRole('option').allTextContents()).toEqual(['Independent', 'Verbal prompt', 'Full physical']);
      await page.getByRole('option', { name: 'Verbal prompt', exact: true }).click();
      // The practice requires a place of service (the default): the clinic's is filled with it.
      await chooseClinic(page, suite.practice);

      // The program's configuration asks for the signature: the editor shows where to give it.
      const card = page.getByTestId('patient-signature');
      await card.getByRole('heading', { name: 'Patient or related person signature' }).waitFor();
      // Signing without it: the server's refusal, in its words, in the sign dialog; the note stays unsigned.
      await attestAndSign(page);
      await expect
        .poll(() => signDialog(page).getByTestId('sign-refusal').textContent(), { timeout: 20_000 })
        .toContain("This note needs the patient's signature");
      await signDialog(page).getByRole('button', { name: 'Cancel' }).click();
      expect(await page.getByTestId('note-status').textContent()).toBe('Unsigned');

      await input(card, 'Who signs').click();
      await page.getByRole('option', { name: new RegExp(`Guardian${tag}`) }).click();
      await card.getByRole('textbox', { name: 'Or type your name to sign' }).fill(`Rita Guardian${tag}`);
      await card.getByRole('button', { name: 'Sign', exact: true }).click();
      await card.getByText(new RegExp(`^Signed by .*Guardian${tag}.*; sent when you sign the note\\.$`)).waitFor();

      await attestAndSign(page);
      await expect.poll(() => page.getByTestId('note-status').textContent(), { timeout: 20_000 }).toBe('Signed');
      await synced(page);

      const note = (await suite.clinician.client.request('GET', `Notes/${noteId}`)).body;
      expect(note.status).toBe('Final');
      expect(note.sections.find((x: { key: string }) => x.key === 'skills').answers).toEqual({
        'skills.CtoneCustomDropdown': 'Verbal prompt',
      });
      expect(note.signatures.map((s: { role: string }) => s.role)).toEqual(['Author', 'RelatedPerson']);
      const given = note.signatures[1];
      expect(given.signer).toMatchObject({ resourceType: 'RelatedPerson', id: ids.guardian });
      // The image is a Media of the patient's chart whose content is the PNG drawn on the device.
      const cookie = [...suite.clinician.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const content = await fetch(suite.clinician.client.url(`Media/${given.image.id}/content`), {
        headers: { cookie, 'x-partition-key': ids.patient! },
      });
      expect(content.status).toBe(200);
      expect(
        Buffer.from(await content.arrayBuffer())
          .subarray(1, 4)
          .toString('latin1'),
      ).toBe('PNG');
      const printout = await fetch(suite.clinician.client.url(`Notes/${noteId}/printout`), { headers: { cookie } });
      expect(printout.status).toBe(200);
      expect(pdfLines(Buffer.from(await printout.arrayBuffer())).join('\n')).toMatch(/Related person/);
    },
  );
});
