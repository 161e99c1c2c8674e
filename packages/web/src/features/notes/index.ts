/**
 * Writing clinical notes (issue 7): the chart's Notes tab, the note editor and signed-note view,
 * and the group session screen. The domain (rules, session time, signing) is core's `notes/`.
 */
export { PatientNotesTab, type PatientNotesTabProps } from './components/PatientNotesTab.tsx';
export { NoteEditor, type NoteEditorProps } from './components/NoteEditor.tsx';
export { GroupSessionEditor } from './components/GroupSessionEditor.tsx';
export { notePath, groupSessionPath } from './utils/note-paths.ts';
export { useNoteActions, type NoteActions } from './hooks/useNoteActions.ts';
export { useMayWriteNotes } from './hooks/useMayWriteNotes.ts';
export { useNoteAuthor } from './hooks/useNoteAuthor.ts';
export { printoutUrl } from './api/notes.api.ts';
export { NoteSectionEditor, type NoteSectionEditorProps } from './components/NoteSectionEditor.tsx';
export { CoSignDialog, type CoSignDialogProps } from './components/CoSignDialog.tsx';
// The signing and reason dialogs, reused by care plans (signed and revised like notes).
export { AttestationDialog, type AttestationDialogProps } from './components/AttestationDialog.tsx';
export { ReasonDialog, type ReasonDialogProps } from './components/ReasonDialog.tsx';
export { SignRefusal } from './components/SignPanel.tsx';
export { StaffName } from './components/StaffName.tsx';
export { NewNoteDialog, type NewNoteDialogProps } from './components/NewNoteDialog.tsx';
