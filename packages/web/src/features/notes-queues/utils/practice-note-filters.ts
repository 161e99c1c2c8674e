import type { Filter } from '@caseload/core';

/** The practice-wide note counts the dashboard shows to those who read notes but write none. */
export interface PracticeNoteCounts {
  unsigned: number;
  awaitingCoSignature: number;
  signedThisWeek: number;
}

/**
 * The filters of each count, the same as the server's own lists use (notes/note-queues.service.ts)
 * without their author or supervisor: unsigned is Preliminary and not signed by its author;
 * awaiting a co-signature is Preliminary and signed by its author; signed this week became Final
 * within the last seven days.
 */
export function practiceNoteFilters(now: Date): Record<keyof PracticeNoteCounts, Filter[]> {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    unsigned: [
      { field: 'status', op: 'eq', value: 'Preliminary' },
      { field: 'signatures.role', op: 'ne', value: 'Author' },
    ],
    awaitingCoSignature: [
      { field: 'status', op: 'eq', value: 'Preliminary' },
      { field: 'signatures.role', op: 'eq', value: 'Author' },
    ],
    signedThisWeek: [{ field: 'signedAt', op: 'ge', value: weekAgo }],
  };
}
