import {
  AppError,
  ErrorCodes,
  NOTE_MESSAGES,
  getResourceType,
  patientDisplay,
  practiceTimeZone,
  practitionerDisplay,
  relatedPersonDisplay,
  type Encounter,
  type Note,
  type PracticePreferenceValues,
  type Patient,
  type Practitioner,
  type Reference,
  type RelatedPerson,
  type Resource,
} from '@caseload/core';
import type { FastifyInstance } from 'fastify';
import { exportAudit } from '../audit/resource-audit.ts';
import { contentKeys } from '../content/content-keys.ts';
import type { ResourceScope } from '../http/resource-scope.ts';
import { practiceName } from '../storage/practice-names.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import { loadNoteForms } from './note-forms.ts';
import { renderNotePdf } from './note-printout.pdf.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import { ENCOUNTER, NOTE } from './note-workflow-context.ts';

const PATIENT = getResourceType('Patient')!;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);

/**
 * The bytes of a resource's stored content (a signature image), if it is an image pdfkit reads.
 * The resource is read as the caller (authorised and audited); one the caller may not read is
 * left out of the printout rather than failing it, but a read that fails (the database) fails it.
 */
async function imageOf(
  app: FastifyInstance,
  repo: ResourceRepository,
  practiceId: string,
  typeName: string,
  id: string | undefined,
): Promise<Buffer | undefined> {
  if (!id) return undefined;
  const type = getResourceType(typeName)!;
  const resource = await repo.readIfAllowed(type, id);
  if (!resource?.content || !IMAGE_TYPES.has(resource.content.contentType)) return undefined;
  return app.content.get(contentKeys(practiceId, type, id).content(resource.content.hash));
}

/** The image of each signature, by its index: the signer's stored personal signature, else the drawn one. */
export async function signatureImagesOf(
  app: FastifyInstance,
  repo: ResourceRepository,
  practiceId: string,
  signatures: readonly { personalSignature?: { id: string }; image?: { id: string } }[],
): Promise<Map<number, Buffer>> {
  const images = new Map<number, Buffer>();
  for (const [i, s] of signatures.entries()) {
    const image = s.personalSignature
      ? await imageOf(app, repo, practiceId, 'PersonalSignature', s.personalSignature.id)
      : await imageOf(app, repo, practiceId, 'Media', s.image?.id);
    if (image) images.set(i, image);
  }
  return images;
}

/**
 * The practice's preferences a printout is laid out with, once printouts are allowed: a practice
 * that turned them off (`allowNotePrintout`) gets a 403 for every clinical document, notes and plans alike.
 */
export async function printoutPreferences(ctx: RepositoryContext): Promise<PracticePreferenceValues> {
  const preferences = await loadPracticePreferences(ctx.db, ctx.practiceId);
  if (!preferences.allowNotePrintout) {
    throw new AppError(ErrorCodes.Forbidden, NOTE_MESSAGES.printoutDisabled, { cause: 'allowNotePrintout is off' });
  }
  return preferences;
}

const NAMERS: Record<string, (r: Resource) => string> = {
  Practitioner: (r) => practitionerDisplay(r as Practitioner),
  Patient: (r) => patientDisplay(r as Patient),
  RelatedPerson: (r) => relatedPersonDisplay(r as RelatedPerson),
};

/**
 * Printed names ("Jane Doe, LCSW") of everyone the printout names, by `Type/id`: each person is
 * read once as the caller (authorised and audited like any read). Someone the caller may not
 * read keeps the name stored on the reference; a read that fails fails the printout.
 */
export async function resolveNames(repo: ResourceRepository, refs: (Reference | undefined)[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const ref of refs) {
    const key = ref && `${ref.resourceType}/${ref.id}`;
    if (!ref || !key || names.has(key) || !NAMERS[ref.resourceType]) continue;
    const resource = await repo.readIfAllowed(getResourceType(ref.resourceType)!, ref.id);
    const name = resource && NAMERS[ref.resourceType]!(resource);
    if (name) names.set(key, name);
  }
  return names;
}

/**
 * The printout of a note as a PDF (`GET Notes/{id}/printout`): refused with 403 when the practice
 * turned printouts off (allowNotePrintout). The note, encounter and patient are read as the
 * caller (checked and audited as reads) and the printout itself is audited as an export.
 */
export async function notePrintout(app: FastifyInstance, scope: ResourceScope, id: string): Promise<{ bytes: Buffer; fileName: string }> {
  const { ctx, repo } = scope;
  const preferences = await printoutPreferences(ctx);
  const note = (await repo.read(NOTE, id)) as Note;
  // An encounter the caller may not read prints without its session; one that cannot be read
  // (the database failing) fails the printout: a blank session on a clinical document would read
  // as "no session recorded".
  const encounter = note.encounter?.id ? ((await repo.readIfAllowed(ENCOUNTER, note.encounter.id)) as Encounter | undefined) : undefined;
  const patient = (await repo.read(PATIENT, note.partition)) as Patient;
  const signatureImages = await signatureImagesOf(app, repo, ctx.practiceId, note.signatures ?? []);
  const names = await resolveNames(repo, [
    ctx.actor,
    note.author,
    ...(note.signatures ?? []).map((s) => s.signer),
    ...(note.pendingSignatures ?? []).flatMap((p) => p.signers),
    ...(note.amendments ?? []).map((a) => a.author),
    note.enteredInError?.by,
    ...(encounter?.participants ?? []).map((p) => p.individual),
  ]);
  const forms = await loadNoteForms(ctx.db, ctx.practiceId, note);
  const bytes = await renderNotePdf({
    practiceName: await practiceName(ctx.db, ctx.practiceId),
    note,
    encounter,
    patient,
    timeZone: practiceTimeZone(preferences),
    militaryTime: preferences.militaryTimeInPrintouts,
    signatureImages,
    forms,
    names,
    printedBy: (ctx.actor && names.get(`${ctx.actor.resourceType}/${ctx.actor.id}`)) ?? ctx.actor?.display ?? ctx.actor?.id ?? 'system',
    printedAt: ctx.clock(),
    patientLabel: preferences.labels.patient.singular,
  });
  await ctx.audit.record(
    exportAudit(ctx, {
      description: `Note printout: Note/${note.id} version ${note.meta.versionId} as PDF.`,
      entity: { resourceType: 'Note', id: note.id, versionId: note.meta.versionId },
      patientId: note.partition,
    }),
  );
  return { bytes, fileName: `note-${note.id}.pdf` };
}
