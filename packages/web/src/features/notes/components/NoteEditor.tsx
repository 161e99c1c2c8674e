import { NOTE_MESSAGES, isSignedByAuthor, type Encounter, type Note, type NoteDefinition } from '@caseload/core';
import { Alert, Button } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useResource } from '../../../data/index.ts';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { practiceTimeZone, useLabel, usePracticePreferences } from '../../practice/index.ts';
import { useMayWriteNotes } from '../hooks/useMayWriteNotes.ts';
import { useNoteAuthor } from '../hooks/useNoteAuthor.ts';
import { useNoteSetup } from '../hooks/useNoteSetup.ts';
import { usePatientNoteContext } from '../hooks/usePatientNoteContext.ts';
import { DraftNoteEditor } from './DraftNoteEditor.tsx';
import { SignedNoteView } from './SignedNoteView.tsx';

export interface NoteEditorProps {
  patientId: string;
  noteId: string;
}

/**
 * The note page (`/patients/:patientId/notes/:noteId`): an unsigned note opens in the editor, a
 * signed one (or any, for a profile that may not change notes) read-only with its signatures and
 * amendments. The note, its encounter, the patient
 * and the practice's set-up are read through the data layer (on the device at once, offline too).
 */
export function NoteEditor({ patientId, noteId }: NoteEditorProps) {
  const patient = usePatientNoteContext(patientId);
  const note = useResource<Note>('Notes', noteId, { partition: patientId });
  const encounter = useResource<Encounter>('Encounters', note.item?.encounter.id, { partition: patientId });
  const definition = useResource<NoteDefinition>('NoteDefinitions', note.item?.definition?.id);
  const setup = useNoteSetup();
  const { values: preferences } = usePracticePreferences();
  const me = useNoteAuthor();
  const session = useLabel('session', 'singular');
  const location = useLabel('location', 'singular');
  const patientLabel = useLabel('patient', 'singular');
  const labels = useMemo(() => ({ session, location, patient: patientLabel }), [session, location, patientLabel]);
  const patientName = patient.patient?.display ?? labels.patient;
  const mayEdit = useMayWriteNotes('Update');
  useDocumentTitle(`${note.item?.title ?? 'Note'} · ${patientName} · Caseload`);

  if (!note.item || (!encounter.item && !isSignedByAuthor(note.item) && note.item.status === 'Preliminary')) {
    if (note.loading || encounter.loading || (note.item && !encounter.error))
      return <LoadingIndicator fullScreen={false} label="Loading the note" />;
    const error = note.error ?? encounter.error;
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="This note can't be shown">
        {error?.message ?? 'The requested data was not found.'}
        <div>
          <Button component={Link} to={`/patients/${patientId}`} variant="default" size="xs" mt="sm">
            Back to the chart
          </Button>
        </div>
      </Alert>
    );
  }

  const timeZone = practiceTimeZone(preferences);
  const frozen = note.item.status !== 'Preliminary' || isSignedByAuthor(note.item);
  // A colleague's view of a group session's note while allowGroupNoteAdminEdit is off: the server
  // refuses their edits, so they see it read-only instead of typing into edits that would fail.
  const group = note.item.groupSession;
  const lockedGroupNote =
    !!group && !preferences.allowGroupNoteAdminEdit && !!me && me.id !== note.item.author?.id && me.id !== group.facilitator?.id;
  if (frozen || lockedGroupNote || !mayEdit) {
    return (
      <>
        {lockedGroupNote && !frozen && (
          <Alert color="blue" variant="light" mb="md" title="Read-only" data-testid="group-note-locked">
            {NOTE_MESSAGES.groupNoteFacilitatorOnly}
          </Alert>
        )}
        {!mayEdit && !frozen && !lockedGroupNote && (
          <Alert color="blue" variant="light" mb="md" title="Read-only">
            Your role can read notes but not change them.
          </Alert>
        )}
        <SignedNoteView
          note={note.item}
          encounter={encounter.item}
          definition={definition.item}
          patient={patient}
          patientName={patientName}
          preferences={preferences}
          labels={labels}
          timeZone={timeZone}
          me={me?.id}
        />
      </>
    );
  }
  return (
    <DraftNoteEditor
      // A fresh working copy per note; the copy then follows what is typed, not later reads.
      key={note.item.id}
      note={note.item}
      encounter={encounter.item!}
      definition={definition.item}
      patient={patient}
      patientName={patientName}
      setup={setup}
      preferences={preferences}
      labels={labels}
      timeZone={timeZone}
    />
  );
}
