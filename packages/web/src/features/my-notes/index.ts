/**
 * My notes (issue 7): the /notes area, listing the signed-in clinician's notes across patients,
 * with status and kind filters and a way into a new group session.
 */
export { MyNotesList } from './components/MyNotesList.tsx';
export { myNotesRequest, type MyNotesFilter } from './utils/my-notes-query.ts';
