import { MyNotesList } from '../../features/my-notes/index.ts';

/** `/notes`, loaded on demand: "My notes", the signed-in clinician's notes across patients. */
export default function NotesPage() {
  return <MyNotesList />;
}
