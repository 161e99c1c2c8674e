import {
  canonicalJson,
  getResourceType,
  isAppError,
  speakerRoles,
  type Dialogue,
  type DialogueParticipant,
  type Note,
  type Reference,
  type ScribeSessionLinks,
  type Transcription,
} from '@caseload/core';
import { ENCOUNTER } from '../notes/note-workflow-context.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import { updateLinks } from './scribe-session-store.ts';

export const DIALOGUE = getResourceType('Dialogue')!;

/** A ScribeSession note, its links read. */
export type ScribeSessionNote = Note & { scribe: ScribeSessionLinks };

const ref = (resourceType: string, id: string): Reference => ({ resourceType, id });

/**
 * Who took part, one participant per speaker label of the transcript, by the role it is assigned
 * (as the clinician assigned it in review, else as `speakerRoles` reads the labels, the same
 * reading the note generators use): the clinician is the session's author, the patient the chart's.
 * The session's clinician and patient took part even when no label is theirs (an unlabelled
 * transcript, a dictation-style import), so they are listed without one.
 */
export function dialogueParticipants(session: ScribeSessionNote, transcription: Transcription): DialogueParticipant[] {
  const clinician = session.author && ref('Practitioner', session.author.id);
  const patient = ref('Patient', session.partition);
  const individualOf = (role: string) => (role === 'Clinician' ? clinician : role === 'Patient' ? patient : undefined);
  const roles = speakerRoles(transcription.segments, transcription.speakers ?? []);
  const participants: DialogueParticipant[] = [...roles].map(([speakerLabel, role]) => {
    const individual = individualOf(role);
    return { ...(individual && { individual }), role, speakerLabel };
  });
  if (clinician && !participants.some((p) => p.role === 'Clinician')) participants.unshift({ individual: clinician, role: 'Clinician' });
  if (!participants.some((p) => p.role === 'Patient')) participants.push({ individual: patient, role: 'Patient' });
  return participants;
}

/** The span of the conversation in the recording, when its segments carry times. */
function spokenSpan(transcription: Transcription): Dialogue['span'] {
  const starts = transcription.segments.map((s) => s.start).filter((t): t is number => t !== undefined);
  const ends = transcription.segments.map((s) => s.end ?? s.start).filter((t): t is number => t !== undefined);
  if (starts.length === 0 || ends.length === 0) return undefined;
  return { fromSecond: Math.min(...starts), toSecond: Math.max(...ends) };
}

/** A live Dialogue the session links, or undefined when it has none (or it was deleted). */
async function linkedDialogue(workflow: ResourceRepository, session: ScribeSessionNote) {
  if (!session.scribe.dialogue) return undefined;
  try {
    return await workflow.currentForWrite(DIALOGUE, session.scribe.dialogue.id);
  } catch (error) {
    if (isAppError(error) && (error.code === 'NotFound' || error.code === 'Gone')) return undefined;
    throw error;
  }
}

/**
 * Writes the session's Dialogue from its Transcription, in the caller's transaction (a workflow
 * repository): one per session, a new version when who-is-who changed and none when nothing did.
 * A new one is linked from the session (`scribe.dialogue`) and the encounter's `dialogues`; the
 * session's version that links it is returned.
 */
export async function writeSessionDialogue(
  workflow: ResourceRepository,
  session: ScribeSessionNote,
  transcription: Transcription,
): Promise<Note | undefined> {
  const span = spokenSpan(transcription);
  const fields = {
    encounter: ref('Encounter', session.encounter!.id),
    scribeSession: ref('Note', session.id),
    transcription: ref('Transcription', transcription.id),
    participants: dialogueParticipants(session, transcription),
    ...(span && { span }),
  };
  const row = await linkedDialogue(workflow, session);
  if (row) {
    const current = row.body as unknown as Dialogue;
    const same = (Object.keys(fields) as (keyof typeof fields)[]).every(
      (k) => canonicalJson(current[k] ?? null) === canonicalJson(fields[k]),
    );
    if (same && (current.span === undefined) === (span === undefined)) return undefined;
    await workflow.writeNextVersion(DIALOGUE, row, ({ span: _span, ...previous }) => ({ ...previous, ...fields }));
    return undefined;
  }
  const created = await workflow.create(DIALOGUE, { partition: session.partition, ...fields });
  const dialogue = ref('Dialogue', created.resource.id);
  const linked = await updateLinks(workflow, session.id, (links) => ({ ...links, dialogue }));
  const encounter = await workflow.currentForWrite(ENCOUNTER, fields.encounter.id);
  await workflow.writeNextVersion(ENCOUNTER, encounter, (previous) => ({
    ...previous,
    dialogues: [...((previous.dialogues as Reference[] | undefined) ?? []).filter((d) => d.id !== dialogue.id), dialogue],
  }));
  return linked;
}
