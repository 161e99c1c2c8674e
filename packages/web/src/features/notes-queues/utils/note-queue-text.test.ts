import { zonedClock } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { deadlineText, noteEditorPath, noteTitle, patientName, sessionDateText, waitedText } from './note-queue-text.ts';

describe('note queue text', () => {
  it('links to the note editor route', () => {
    expect(noteEditorPath('p 1', 'n/2')).toBe('/patients/p%201/notes/n%2F2');
  });

  it('names a note by its title, else its kind', () => {
    expect(noteTitle({ title: ' Intake ', kind: 'Note' })).toBe('Intake');
    expect(noteTitle({ kind: 'Note' })).toBe('Progress note');
    expect(noteTitle({ kind: 'GroupNote' })).toBe('Group note');
  });

  it("names the patient by the reference, else the practice's label", () => {
    expect(patientName({ subject: { resourceType: 'Patient', id: 'p', display: 'Ann Lee' } }, 'Client')).toBe('Ann Lee');
    expect(patientName({ subject: { resourceType: 'Patient', id: 'p' } }, 'Client')).toBe('Client');
  });

  const newYork = zonedClock('America/New_York', { nameZone: false });

  it("shows the session date on the practice's clock, and says when there is none", () => {
    expect(sessionDateText('2024-05-02T13:00:00Z', newYork)).toBe('Thu, May 2, 2024, 9:00 AM');
    expect(sessionDateText('2024-05-02T13:00:00Z', zonedClock('America/New_York', { nameZone: true }))).toBe(
      'Thu, May 2, 2024, 9:00 AM EDT',
    );
    expect(sessionDateText(undefined, newYork)).toBe('No session date');
    expect(sessionDateText('garbage', newYork)).toBe('No session date');
  });

  it('says how long a note waited: minutes, then hours and minutes, then days', () => {
    expect(waitedText(30_000)).toBe('less than a minute');
    expect(waitedText(15 * 60_000 + 3_105)).toBe('15m');
    expect(waitedText(36 * 3_600_000 + 5 * 60_000)).toBe('36h 5m');
    expect(waitedText(47 * 3_600_000)).toBe('47h');
    expect(waitedText(25_128 * 3_600_000)).toBe('1047 days');
  });

  it('shows a deadline short', () => {
    expect(deadlineText('2026-11-24T20:28:00Z', newYork)).toBe('Tue, Nov 24, 3:28 PM');
    expect(deadlineText('nonsense', newYork)).toBe('');
  });
});
