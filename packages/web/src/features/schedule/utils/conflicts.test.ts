import { describe, expect, it } from 'vitest';
import { conflictOf, conflictOfIssues } from './conflicts.ts';

describe('conflictOf', () => {
  it('reads a conflict refusal, and nothing else, as one the user may book over', () => {
    const conflict = 'Appointment time: overlaps another appointment of the same clinician (Booked) from 09:00 to 10:00.';
    const detail = `${conflict} Set overrideConflicts to book anyway.`;
    expect(conflictOf({ status: 400, detail })).toEqual({ message: conflict });
    expect(conflictOf({ status: 400, detail: 'An appointment cannot move from fulfilled to booked.' })).toBeUndefined();
    expect(conflictOf({ status: 403, detail })).toBeUndefined();
  });

  it('reads the issues at overrideConflicts of a direct call', () => {
    expect(
      conflictOfIssues([
        { path: 'overrideConflicts', message: 'A.' },
        { path: 'overrideConflicts', message: 'B.' },
      ]),
    ).toEqual({
      message: 'A. B.',
    });
    expect(conflictOfIssues([{ path: 'start', message: 'A.' }])).toBeUndefined();
  });
});
