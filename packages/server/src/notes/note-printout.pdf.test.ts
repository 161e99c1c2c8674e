import type { Note, Patient } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { pdfPages } from '../../test/pdf-lines.ts';
import { renderNotePdf, type PrintoutData } from './note-printout.pdf.ts';

/**
 * The printout's page breaks: the signatures are one block that never stands alone on the last
 * page, but goes on with the note's last section. Rendered straight from data (no server), for
 * every length of the last section from a line to most of a page, so whichever page break it
 * lands on is tried.
 */

const SENTENCE = 'Client reviewed the week, practised grounding twice at work and agreed to continue weekly sessions. ';

function note(planSentences: number): Note {
  return {
    resourceType: 'Note',
    id: 'n1',
    partition: 'p1',
    kind: 'Note',
    composition: 'Individual',
    title: 'Individual progress note',
    meta: { versionId: '3', lastModified: '2026-03-02T20:00:00Z' },
    subject: { resourceType: 'Patient', id: 'p1' },
    encounter: { resourceType: 'Encounter', id: 'e1' },
    author: { resourceType: 'Practitioner', id: 'pr1', display: 'Jane Doe, LCSW' },
    completion: 'Complete',
    status: 'Final',
    signedAt: '2026-03-02T20:00:00Z',
    sections: [
      { key: 'data', title: 'Data', kind: 'Narrative', narrative: `<p>${SENTENCE.repeat(30)}</p>` },
      { key: 'plan', title: 'Plan', kind: 'Narrative', narrative: `<p>${SENTENCE.repeat(planSentences)}</p>` },
    ],
    signatures: [
      {
        role: 'Author',
        signer: { resourceType: 'Practitioner', id: 'pr1', display: 'Jane Doe, LCSW' },
        signedAt: '2026-03-02T20:00:00Z',
        contentHash: 'c0ffee0123456789',
        attestation: { text: 'I attest that I provided the services documented in this note.' },
      },
    ],
  } as unknown as Note;
}

const data = (planSentences: number): PrintoutData => ({
  practiceName: 'Riverside Counselling',
  note: note(planSentences),
  patient: {
    resourceType: 'Patient',
    id: 'p1',
    display: 'Printed, Paula',
    names: [],
    mrn: 'MRN-1',
    birthDate: '1979-03-08',
  } as unknown as Patient,
  timeZone: 'America/New_York',
  militaryTime: false,
  signatureImages: new Map(),
  forms: { forms: [] },
  names: new Map(),
  printedBy: 'Jane Doe, LCSW',
  printedAt: new Date('2026-03-03T15:00:00Z'),
  patientLabel: 'Patient',
});

describe('the printout keeps the signatures with the last section', () => {
  it("whatever the last section's length", { timeout: 60_000 }, async () => {
    let breaks = 0;
    for (let sentences = 1; sentences <= 40; sentences += 3) {
      const pages = pdfPages(await renderNotePdf(data(sentences)));
      pages.forEach((lines, i) => expect(lines.at(-1)).toBe(`Page ${i + 1} of ${pages.length}`));
      const signed = pages.findIndex((lines) => lines.includes('SIGNATURES'));
      const page = pages[signed]!;
      // The block is whole: heading, the signer's line and the attestation on one page.
      expect(
        page.some((l) => l.startsWith('Jane Doe, LCSW')),
        `${sentences} sentences`,
      ).toBe(true);
      expect(
        page.some((l) => l.startsWith('Attested:')),
        `${sentences} sentences`,
      ).toBe(true);
      // And some of the plan is on that page with it.
      expect(
        page.some((l) => l.startsWith('Client reviewed') || l.includes('sessions.')),
        `${sentences} sentences: ${page.join(' | ')}`,
      ).toBe(true);
      if (signed > 0 && pages[signed - 1]!.includes('PLAN') === false) breaks++;
    }
    // The lengths tried do cross a page break.
    expect(breaks).toBeGreaterThan(0);
  });

  it('heads the printout with the practice name it is given', async () => {
    const [first] = pdfPages(await renderNotePdf(data(1)));
    expect(first![0]).toBe('Riverside Counselling');
  });
});
