import {
  SCRIBE_MESSAGES,
  badRequest,
  formatFor,
  offeredFormats,
  sectionNarrative,
  type GeneratedDraft,
  type Note,
  type NoteGeneration,
  type Resource,
  type ScribeFormat,
  type Transcription,
} from '@caseload/core';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import { NOTE, workflowRepository, writeNote } from '../notes/note-workflow-context.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { noteGenerator, type GeneratorName } from './note-generators.ts';
import type { ScribeProviders } from './scribe-providers.ts';
import { TRANSCRIPTION, readSession, refTo, updateLinks } from './scribe-session-store.ts';

/** `POST Notes/{id}/scribe/generate` body. */
export interface DraftRequest {
  format?: ScribeFormat;
  generator?: GeneratorName;
}

const issue = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** What a draft is made from, read (and audited) as the caller before anything is generated. */
async function draftInputs(repo: ResourceRepository, sessionId: string) {
  const session = await readSession(repo, sessionId);
  if (session.scribe.generatedNote) throw issue('id', SCRIBE_MESSAGES.generatedTwice);
  if (!session.scribe.transcription) throw issue('transcription', SCRIBE_MESSAGES.noTranscription);
  const transcription = (await repo.read(TRANSCRIPTION, session.scribe.transcription.id)) as Transcription;
  if (transcription.status !== 'Succeeded') throw issue('transcription', SCRIBE_MESSAGES.transcriptionNotReady(transcription.status));
  return { session, transcription };
}

/**
 * Drafts the session's note in the chosen format: the transcript goes to the generator outside
 * any transaction (a remote model may take a while), then one transaction writes a draft Note on
 * the session's encounter, its sections' narratives carrying each sentence's evidence, its
 * `generation` (generator, provider, prompt version, evidence) and the session's link to it.
 */
export async function generateDraft(
  repo: ResourceRepository,
  ctx: RepositoryContext,
  providers: ScribeProviders,
  sessionId: string,
  asked: DraftRequest,
): Promise<{ note: Note; session: Note }> {
  const { session, transcription } = await draftInputs(repo, sessionId);
  const preferences = await loadPracticePreferences(repo.queryable, ctx.practiceId);
  const format = asked.format ?? session.scribe.format;
  if (!offeredFormats(preferences.scribeFormatConfigurations).includes(format))
    throw issue('format', SCRIBE_MESSAGES.formatNotOffered(format));
  const generator = noteGenerator(asked.generator ?? providers.defaultGenerator ?? 'builtin', providers);
  const draft = await generator.generate({
    format,
    ...formatFor(format, preferences.scribeFormatConfigurations),
    segments: transcription.segments,
    ...(transcription.speakers && { speakers: transcription.speakers }),
  });
  return repo.inTransaction(async (tx) => {
    // Checked again inside the write: two drafts asked at once must not both land.
    const current = await readSession(tx, sessionId);
    if (current.scribe.generatedNote) throw issue('id', SCRIBE_MESSAGES.generatedTwice);
    const created = await tx.create(NOTE, {
      partition: session.partition,
      kind: 'Note',
      encounter: session.encounter,
      ...(session.encounterDate && { encounterDate: session.encounterDate }),
      title: `${format.replace('_', ' ')} note`,
      completion: 'InProgress',
      author: session.author,
      sections: draft.sections.map((s) => ({ key: s.key, title: s.title, kind: 'Narrative', narrative: sectionNarrative(s) })),
    });
    const workflow = workflowRepository(tx.queryable, ctx);
    const row = await workflow.currentForWrite(NOTE, created.resource.id);
    const generation = provenance(draft, format, session, transcription, ctx.clock());
    const note = await writeNote(workflow, row, (fields) => ({ ...fields, generation }));
    const updated = await updateLinks(workflow, session.id, (links) => ({ ...links, generatedNote: refTo(note) }));
    return { note: note as Note, session: updated };
  });
}

function provenance(draft: GeneratedDraft, format: ScribeFormat, session: Resource, transcription: Resource, now: Date): NoteGeneration {
  return {
    scribeSession: { resourceType: 'Note', id: session.id },
    transcription: refTo(transcription),
    format,
    generator: draft.generator,
    provider: draft.provider,
    ...(draft.model && { model: draft.model }),
    promptVersion: draft.promptVersion,
    generatedAt: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    sentences: draft.sections.flatMap((s) =>
      s.sentences.map((x) => ({ id: x.id, section: s.key, evidence: x.evidence, needsReview: x.needsReview })),
    ),
  };
}
