import { forbidden, getResourceType, isoInstant, type Reference, type Resource } from '@caseload/core';
import type { BeforeWrite } from '../storage/resource-hooks.ts';

const DOCUMENT_REFERENCE = getResourceType('DocumentReference')!;

/**
 * A chart document's server-owned fields (docs/portal.md, "Documents"): its `display` is its
 * title; its `author` is whoever uploaded it; `sharedAt`/`sharedBy` record who shared it with the
 * patient, set when `sharedWithPatient` turns true, kept while it stays true, cleared when it
 * turns false. Sharing is managing the document (Manage documents): a caller who may create
 * documents but not update them (Import CDA) cannot create one already shared, 403 and nothing
 * stored.
 */
export const documentRules: BeforeWrite = async (_tx, ctx, resource: Resource, previous) => {
  if (resource.meta.isDeleted) return;
  // Reference pickers and expansions name a document by its display: its title.
  if (typeof resource.title === 'string') resource.display = resource.title;
  const actor = ctx.actor?.resourceType === 'Practitioner' ? ctx.actor.id : undefined;
  // The caller as a reference, keeping the display the client gave it when it names the caller (lists show names).
  const asCaller = (given: unknown): Reference | undefined =>
    actor === undefined
      ? undefined
      : { resourceType: 'Practitioner', id: actor, ...(named(given, actor) && { display: (given as Reference).display }) };
  // The demo and imports write as the system, naming the author themselves.
  resource.author = (previous?.author as Reference | undefined) ?? asCaller(resource.author) ?? resource.author;
  const shared = resource.sharedWithPatient === true;
  const wasShared = previous?.sharedWithPatient === true;
  if (!shared) {
    delete resource.sharedAt;
    delete resource.sharedBy;
    return;
  }
  if (wasShared) {
    resource.sharedAt = previous!.sharedAt;
    resource.sharedBy = previous!.sharedBy;
    return;
  }
  if (!ctx.access.allows('Update', DOCUMENT_REFERENCE)) throw forbidden('sharing a document needs Update on DocumentReference');
  resource.sharedAt = isoInstant(ctx.clock());
  resource.sharedBy = asCaller(resource.sharedBy) ?? resource.sharedBy;
  if (!resource.sharedBy) delete resource.sharedBy;
};

const named = (given: unknown, id: string): boolean => {
  const r = given as Reference | undefined;
  return r?.resourceType === 'Practitioner' && r.id === id && typeof r.display === 'string' && r.display !== '';
};
