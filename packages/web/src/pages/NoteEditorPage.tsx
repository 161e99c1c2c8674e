import { useParams } from 'react-router';
import { NoteEditor } from '../features/notes/index.ts';

/** `/patients/:patientId/notes/:noteId`, loaded on demand: one note, in the editor or read-only once signed. */
export default function NoteEditorPage() {
  const { patientId, noteId } = useParams();
  return <NoteEditor key={`${patientId}/${noteId}`} patientId={patientId!} noteId={noteId!} />;
}
