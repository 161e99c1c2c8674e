import {
  SCRIBE_MESSAGES,
  badRequest,
  getResourceType,
  type Note,
  type Reference,
  type Resource,
  type ScribeSessionLinks,
} from '@caseload/core';
import { NOTE, writeNote } from '../notes/note-workflow-context.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';

export const TRANSCRIPTION = getResourceType('Transcription')!;
export const MEDIA = getResourceType('Media')!;

/** A reference to a stored resource, at its version. */
export const refTo = (resource: Resource): Reference => ({
  resourceType: resource.resourceType,
  id: resource.id,
  versionId: resource.meta.versionId,
  ...(resource.display !== undefined && { display: resource.display }),
});

/** A scribe session the caller may read, or a 400 when the note is another kind. */
export async function readSession(repo: ResourceRepository, id: string): Promise<Note & { scribe: ScribeSessionLinks }> {
  const note = (await repo.read(NOTE, id)) as Note;
  if (note.kind !== 'ScribeSession' || !note.scribe) {
    throw badRequest(SCRIBE_MESSAGES.notScribeSession, [{ path: 'id', message: SCRIBE_MESSAGES.notScribeSession }]);
  }
  return note as Note & { scribe: ScribeSessionLinks };
}

/** Writes the session's links (a workflow repository, the caller's update permission and reach). */
export async function updateLinks(
  workflow: ResourceRepository,
  id: string,
  change: (links: ScribeSessionLinks) => ScribeSessionLinks,
): Promise<Note> {
  const row = await workflow.currentForWrite(NOTE, id);
  return (await writeNote(workflow, row, (fields) => ({ ...fields, scribe: change(fields.scribe as ScribeSessionLinks) }))) as Note;
}
