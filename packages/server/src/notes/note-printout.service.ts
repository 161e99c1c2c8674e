import {
  AUDIT_EVENT_TYPES,
  AppError,
  ErrorCodes,
  NOTE_MESSAGES,
  getResourceType,
  type Encounter,
  type Note,
  type Patient,
  type Resource,
} from '@caseload/core';
import type { FastifyInstance } from 'fastify';
import { contentKeys } from '../content/content-keys.ts';
import type { ResourceScope } from '../http/resource-scope.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import { practiceTimeZone } from './note-rule-context.ts';
import { renderNotePdf } from './note-printout.pdf.ts';
import { ENCOUNTER, NOTE, loadById } from './note-workflow-context.ts';

const PATIENT = getResourceType('Patient')!;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);

/** The bytes of a resource's stored content (a signature image), if it is an image pdfkit reads. */
async function imageOf(app: FastifyInstance, practiceId: string, typeName: string, id: string | undefined): Promise<Buffer | undefined> {
  if (!id) return undefined;
  const resource = await loadById<Resource>(app.db.pool, practiceId, typeName, id);
  if (!resource?.content || !IMAGE_TYPES.has(resource.content.contentType)) return undefined;
  return app.content.get(contentKeys(practiceId, getResourceType(typeName)!, id).content(resource.content.hash));
}

/**
 * The printout of a note as a PDF (`GET Notes/{id}/printout`): refused with 403 when the practice
 * turned printouts off (allowNotePrintout). The note, encounter and patient are read as the
 * caller (checked and audited as reads) and the printout itself is audited as an export.
 */
export async function notePrintout(app: FastifyInstance, scope: ResourceScope, id: string): Promise<{ bytes: Buffer; fileName: string }> {
  const { ctx, repo } = scope;
  const preferences = await loadPracticePreferences(ctx.db, ctx.practiceId);
  if (!preferences.allowNotePrintout) {
    throw new AppError(ErrorCodes.Forbidden, NOTE_MESSAGES.printoutDisabled, { cause: 'allowNotePrintout is off' });
  }
  const note = (await repo.read(NOTE, id)) as Note;
  const encounter = note.encounter?.id ? ((await repo.read(ENCOUNTER, note.encounter.id).catch(() => undefined)) as Encounter | undefined) : undefined;
  const patient = (await repo.read(PATIENT, note.partition)) as Patient;
  const signatureImages = new Map<number, Buffer>();
  for (const [i, s] of (note.signatures ?? []).entries()) {
    const image = s.personalSignature
      ? await imageOf(app, ctx.practiceId, 'PersonalSignature', s.personalSignature.id)
      : await imageOf(app, ctx.practiceId, 'Media', s.image?.id);
    if (image) signatureImages.set(i, image);
  }
  const bytes = await renderNotePdf({
    practiceName: (preferences as { practiceName?: string }).practiceName ?? ctx.practiceId,
    note,
    encounter,
    patient,
    timeZone: practiceTimeZone(preferences),
    militaryTime: preferences.militaryTimeInPrintouts,
    signatureImages,
    printedBy: ctx.actor?.display ?? ctx.actor?.id ?? 'system',
    printedAt: ctx.clock(),
    patientLabel: preferences.labels.patient.singular,
  });
  await ctx.audit.record({
    practiceId: ctx.practiceId,
    event: {
      type: AUDIT_EVENT_TYPES.export,
      action: 'E',
      outcome: 'Success',
      description: `Note printout: Note/${note.id} version ${note.meta.versionId} as PDF.`,
      agent: { who: ctx.actor, accountId: ctx.accountId, address: ctx.address },
      entity: { resourceType: 'Note', id: note.id, versionId: note.meta.versionId },
      patient: { resourceType: 'Patient', id: note.partition },
      requestId: ctx.requestId,
    },
  });
  return { bytes, fileName: `note-${note.id}.pdf` };
}
