/**
 * The dashboard's note lists (issue 7): "My unsigned notes" with the overdue flag, and
 * "Awaiting my co-signature" with its Co-sign action. docs/notes.md, "Configuration screens".
 */
export { NoteQueues, type NoteQueuesProps } from './components/NoteQueues.tsx';
export { UnsignedNotesCard } from './components/UnsignedNotesCard.tsx';
export { CoSignQueueCard } from './components/CoSignQueueCard.tsx';
export { QueueCard, type QueueCardProps } from './components/QueueCard.tsx';
export { noteEditorPath } from './utils/note-queue-text.ts';
