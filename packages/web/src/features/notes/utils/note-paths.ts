/** The note page of a patient's note. */
export const notePath = (patientId: string, noteId: string) =>
  `/patients/${encodeURIComponent(patientId)}/notes/${encodeURIComponent(noteId)}`;

/** The group session screen, optionally with a first attendee. */
export const groupSessionPath = (patientId?: string) =>
  `/notes/group-session${patientId ? `?patient=${encodeURIComponent(patientId)}` : ''}`;
