import { useCan } from '../../practice/index.ts';

/**
 * Whether the acting profile may create or change notes: a note and its encounter are written
 * together (the editor's autosave, a new note, a group session), so both must be allowed.
 */
export function useMayWriteNotes(action: 'Create' | 'Update'): boolean {
  const note = useCan(action, 'Note');
  const encounter = useCan(action, 'Encounter');
  return note && encounter;
}
