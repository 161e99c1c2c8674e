import {
  SCRIBE_MESSAGES,
  badRequest,
  getResourceType,
  offeredFormats,
  type Encounter,
  type Note,
  type Reference,
  type Resource,
  type ScribeFormat,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { NOTE, workflowRepository, writeNote } from '../notes/note-workflow-context.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import { assertMayRecord, type RecordingPurpose } from './recording-consent.ts';
import { MEDIA, readSession, refTo, updateLinks } from './scribe-session-store.ts';

const ENCOUNTER = getResourceType('Encounter')!;

/** `POST Notes/scribe-sessions` body. */
export interface NewScribeSession {
  partition: string;
  encounter?: Reference;
  appointment?: Reference;
  format?: ScribeFormat;
  title?: string;
  /** A scribe drafting for a clinician names them; anyone else is the author themselves. */
  author?: Reference;
}

const issue = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** The practice's default format, or the one asked for if the practice offers it. */
async function chosenFormat(tx: Queryable, ctx: RepositoryContext, asked: ScribeFormat | undefined): Promise<ScribeFormat> {
  const preferences = await loadPracticePreferences(tx, ctx.practiceId);
  const format = asked ?? (preferences.defaultScribeNoteFormat as ScribeFormat);
  if (!offeredFormats(preferences.scribeFormatConfigurations).includes(format))
    throw issue('format', SCRIBE_MESSAGES.formatNotOffered(format));
  return format;
}

/**
 * Starts a scribe session: a Note of kind ScribeSession on the encounter given, or on a new
 * encounter for the appointment given. The note is written as any note is (author, subject,
 * status by the Note rules), then its scribe links by the note workflow.
 */
export async function createScribeSession(repo: ResourceRepository, ctx: RepositoryContext, body: NewScribeSession): Promise<Resource> {
  const tx = repo.queryable;
  const workflow = workflowRepository(tx, ctx);
  const format = await chosenFormat(tx, ctx, body.format);
  const encounter = body.encounter ?? (body.appointment && (await encounterFor(repo, ctx, body)));
  if (!encounter) throw issue('encounter', SCRIBE_MESSAGES.encounterOrAppointment);
  const preferences = await loadPracticePreferences(tx, ctx.practiceId);
  // Dated by its session, as every note is, so lists and queues place it (read as the caller: reach applies).
  const session = (await repo.read(ENCOUNTER, encounter.id, body.partition)) as Encounter;
  // Written as any note is first (its author, subject and status settled by the Note rules).
  const created = await repo.create(NOTE, {
    partition: body.partition,
    kind: 'ScribeSession',
    encounter,
    ...(session.period?.start && { encounterDate: session.period.start }),
    title: body.title ?? 'Scribe session',
    sections: [],
    completion: 'NotStarted',
    ...(body.author && { author: body.author }),
  });
  const row = await workflow.currentForWrite(NOTE, created.resource.id);
  return writeNote(workflow, row, (fields) => ({
    ...fields,
    scribe: {
      format,
      ...(body.appointment && { appointment: body.appointment }),
      ...(preferences.dictationOnlyScribeSessions && { dictationOnly: true }),
    },
  }));
}

/** A new encounter for the appointment, the caller (or the author a scribe names) performing. */
async function encounterFor(repo: ResourceRepository, ctx: RepositoryContext, body: NewScribeSession): Promise<Reference> {
  const performer = body.author ?? (ctx.actor?.resourceType === 'Practitioner' ? ctx.actor : undefined);
  const created = await repo.create(ENCOUNTER, {
    partition: body.partition,
    appointment: body.appointment,
    ...(performer && { participants: [{ role: 'PrimaryPerformer', individual: { resourceType: 'Practitioner', id: performer.id } }] }),
  });
  return { resourceType: 'Encounter', id: created.resource.id };
}

/**
 * Adds a recording to a session: a Media the client then sends the audio to through the content
 * (chunk) calls. Session audio needs the patient's recording consent (and a practice that allows
 * more than dictation): checked here, before anything is stored, and again before every chunk.
 */
export async function addRecording(tx: Queryable, ctx: RepositoryContext, sessionId: string, purpose: RecordingPurpose): Promise<Resource> {
  const workflow = workflowRepository(tx, ctx);
  const session = await readSession(workflow, sessionId);
  await assertMayRecord(tx, ctx, session.partition, purpose);
  const media = await workflow.create(MEDIA, {
    partition: session.partition,
    display: purpose === 'dictation' ? 'Scribe dictation' : 'Scribe session recording',
    encounter: session.encounter,
    scribeSession: { resourceType: 'Note', id: session.id },
    recordingPurpose: purpose,
  });
  await updateLinks(workflow, session.id, (links) => ({ ...links, recordings: [...(links.recordings ?? []), refTo(media.resource)] }));
  return media.resource;
}

export type { Note };
