import {
  parseTranscript,
  speakerRoles,
  type Resource,
  type SpeakerAssignment,
  type Transcription,
  type TranscriptFormat,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { workflowRepository } from '../notes/note-workflow-context.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { TRANSCRIPTION, readSession, refTo, updateLinks } from './scribe-session-store.ts';
import { writeSessionDialogue } from './session-dialogue.ts';

/** `POST Notes/{id}/scribe/transcript` body. */
export interface TranscriptImport {
  format: TranscriptFormat;
  text: string;
  /** Who each speaker label is, when the clinician says so. */
  speakers?: SpeakerAssignment[];
}

/**
 * Imports a WebVTT, SRT or speaker-labelled text transcript as the session's Transcription
 * (Succeeded at once) and links it. The transcript is parsed before anything is written, so a
 * malformed one is a 400 with nothing stored.
 */
export async function importTranscript(
  tx: Queryable,
  ctx: RepositoryContext,
  sessionId: string,
  body: TranscriptImport,
): Promise<{ session: Resource; transcription: Resource }> {
  const workflow = workflowRepository(tx, ctx);
  const session = await readSession(workflow, sessionId);
  const parsed = parseTranscript(body.format, body.text);
  const roles = speakerRoles(parsed.segments, body.speakers);
  const transcription = await workflow.create(TRANSCRIPTION, {
    partition: session.partition,
    encounter: session.encounter,
    scribeSession: { resourceType: 'Note', id: session.id },
    status: 'Succeeded',
    progress: 100,
    source: parsed.source,
    segments: parsed.segments,
    speakers: [...roles].map(([label, role]) => ({ label, role })),
  });
  const linked = await updateLinks(workflow, session.id, (links) => ({ ...links, transcription: refTo(transcription.resource) }));
  // Who is who in the conversation, from the speakers just assigned (docs/scribe.md, "Dialogue").
  const updated = (await writeSessionDialogue(workflow, linked as typeof session, transcription.resource as Transcription)) ?? linked;
  return { session: updated, transcription: transcription.resource };
}
