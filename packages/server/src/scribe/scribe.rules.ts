import {
  SCRIBE_MESSAGES,
  badRequest,
  canonicalJson,
  dialogueSchema,
  invalidResource,
  transcriptionSchema,
  type Note,
  type Transcription,
  validateWithSchema,
  type Resource,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { isNoteWorkflow, workflowRepository } from '../notes/note-workflow-context.ts';
import type { BeforeWrite } from '../storage/resource-hooks.ts';
import { systemReader } from '../storage/system-reader.ts';
import { assertMayRecord, type RecordingPurpose } from './recording-consent.ts';
import { writeSessionDialogue, type ScribeSessionNote } from './session-dialogue.ts';

const refused = (field: string) =>
  badRequest(SCRIBE_MESSAGES.serverField(field), [{ path: field, message: SCRIBE_MESSAGES.serverField(field) }]);

/** Fields of a Transcription only the scribe calls and the transcription job write. */
const TRANSCRIPTION_SERVER_FIELDS = ['status', 'progress', 'source', 'provider', 'error', 'media', 'scribeSession'] as const;

/** Fields of a Dialogue only the server writes: all that say whose conversation it is and who is who. */
const DIALOGUE_SERVER_FIELDS = ['encounter', 'scribeSession', 'transcription', 'participants', 'span'] as const;

/** Fields of a Media that make it a scribe recording; set by the scribe calls only. */
const RECORDING_FIELDS = ['scribeSession', 'recordingPurpose'] as const;

function assertUnchanged(fields: readonly string[], next: Record<string, unknown>, prior: Record<string, unknown> | undefined): void {
  for (const field of fields) {
    if (canonicalJson(next[field] ?? null) !== canonicalJson(prior?.[field] ?? null)) throw refused(field);
  }
}

/**
 * Transcriptions (docs/scribe.md): a client may write a typed transcript (the server records it
 * complete, source Text) and correct segment text and speaker labels in review, but the Task
 * fields and the links are the server's. The patient is the partition's.
 */
export const transcriptionRules: BeforeWrite = async (tx, ctx, resource, previous) => {
  if (resource.meta.isDeleted) return;
  const body = resource as unknown as Record<string, unknown>;
  if (!isNoteWorkflow(ctx)) {
    assertUnchanged(TRANSCRIPTION_SERVER_FIELDS, body, previous as unknown as Record<string, unknown> | undefined);
    // A transcript a client writes itself (typed, with no provider configured) is complete as written.
    if (!previous) Object.assign(body, { status: 'Succeeded', progress: 100, source: 'Text' });
  }
  body.patient = { resourceType: 'Patient', id: resource.partition };
  const issues = validateWithSchema(transcriptionSchema, resource, { strict: true });
  if (issues.length > 0) throw invalidResource('Transcription', issues);
  if (previous && whoSpokeChanged(previous as Transcription, resource as Transcription))
    await dialogueFollows(tx, ctx, resource as Transcription);
};

/** Whether a version changes who is who in the conversation: it succeeded, or its speakers or turns changed. */
function whoSpokeChanged(previous: Transcription, next: Transcription): boolean {
  if (next.status !== 'Succeeded' || next.scribeSession === undefined) return false;
  const who = (t: Transcription) =>
    canonicalJson([t.status, t.speakers ?? null, t.segments.map((s) => [s.speaker ?? null, s.start ?? null, s.end ?? null])]);
  return who(previous) !== who(next);
}

/**
 * The session's Dialogue follows its transcript, in the same transaction: when the transcription
 * job succeeds and when the clinician re-assigns speakers in review. A transcription the session
 * does not link (a dictation, one replaced by a later import) leaves it alone.
 */
async function dialogueFollows(tx: Queryable, ctx: RepositoryContext, transcription: Transcription): Promise<void> {
  // Following the link is the server's read (as the note rules read notes): a caller who may
  // correct a transcript and its Dialogue ("Transcribe dictation") need not read the note. What
  // is written is checked as the caller's, like every workflow write.
  const session = await systemReader(tx, ctx).get<Note>('Note', transcription.scribeSession!.id, { partition: transcription.partition });
  if (session?.kind !== 'ScribeSession' || session.scribe?.transcription?.id !== transcription.id) return;
  await writeSessionDialogue(workflowRepository(tx, ctx), session as ScribeSessionNote, transcription);
}

/**
 * Dialogues (docs/scribe.md, "Dialogue") are the server's: written from the session and its
 * transcript by the scribe calls, so no client creates one or points one at another session,
 * encounter or transcript, or says who a speaker is other than through the Transcription.
 */
export const dialogueRules: BeforeWrite = async (_tx, ctx, resource, previous) => {
  if (resource.meta.isDeleted) return;
  const body = resource as unknown as Record<string, unknown>;
  if (!isNoteWorkflow(ctx)) {
    if (!previous) throw refused('scribeSession');
    assertUnchanged(DIALOGUE_SERVER_FIELDS, body, previous as unknown as Record<string, unknown>);
  }
  body.patient = { resourceType: 'Patient', id: resource.partition };
  const issues = validateWithSchema(dialogueSchema, resource, { strict: true });
  if (issues.length > 0) throw invalidResource('Dialogue', issues);
};

/**
 * A scribe recording (a Media linked to its session) is audio the patient consented to: every
 * version of it, including each content upload, is checked against the consent and the practice's
 * dictation-only setting (content's own guard checks before any bytes are stored).
 */
export const recordingRules: BeforeWrite = async (tx, ctx, resource, previous) => {
  const body = resource as unknown as Record<string, unknown>;
  if (!isNoteWorkflow(ctx)) assertUnchanged(RECORDING_FIELDS, body, previous as unknown as Record<string, unknown> | undefined);
  if (resource.meta.isDeleted || body.scribeSession === undefined) return;
  // The server's own versions that bring no audio (retention's time-to-live) need no consent.
  if (isNoteWorkflow(ctx) && previous && canonicalJson(body.content ?? null) === canonicalJson(previous.content ?? null)) return;
  await assertMayRecord(tx, ctx, resource.partition ?? '', body.recordingPurpose as RecordingPurpose);
};

/** Before a scribe recording's bytes are stored: the same consent check as its versions. */
export async function recordingContentGuard(tx: Queryable, ctx: RepositoryContext, resource: Resource): Promise<void> {
  const body = resource as unknown as Record<string, unknown>;
  if (body.scribeSession === undefined) return;
  await assertMayRecord(tx, ctx, resource.partition ?? '', body.recordingPurpose as RecordingPurpose);
}
