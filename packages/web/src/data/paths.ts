import { getResourceTypeByCollection, RESOURCE_TYPES, type ResourceTypeDefinition } from '@caseload/core';

/**
 * The resource type served at a collection segment: practice collections first (the common
 * case), then the global ones. Undefined for a name the registry does not know.
 */
export function typeOfCollection(collection: string): ResourceTypeDefinition | undefined {
  return getResourceTypeByCollection('practice', collection) ?? getResourceTypeByCollection('global', collection);
}

/** True for collections under `/api/v1/{Collection}` rather than a practice network. */
export const isGlobalCollection = (collection: string) => typeOfCollection(collection)?.scope === 'global';

/**
 * The URL of a collection (SPEC.md section 7): `/api/v1/practices/{practiceNetworkId}/{Collection}`,
 * or `/api/v1/{Collection}` for the global ones.
 *
 * @throws Error when a practice collection is asked for before a practice was chosen.
 */
export function collectionPath(collection: string, practiceId: string): string {
  if (isGlobalCollection(collection)) return `/api/v1/${collection}`;
  if (!practiceId) throw new Error(`No practice is chosen, so ${collection} has no address.`);
  return `/api/v1/practices/${encodeURIComponent(practiceId)}/${collection}`;
}

/** The URL of one resource of a collection. */
export const resourcePath = (collection: string, practiceId: string, id: string) =>
  `${collectionPath(collection, practiceId)}/${encodeURIComponent(id)}`;

/** The practice prefix requests to one practice network start with. */
export const practicePrefix = (practiceId: string) => `/api/v1/practices/${encodeURIComponent(practiceId)}/`;

/**
 * The collections holding patient data: every patient-partitioned type and the patients
 * themselves. Cleared from the device when the last patient is closed.
 */
export const PATIENT_DATA_COLLECTIONS: readonly string[] = RESOURCE_TYPES.filter((t) => t.partitioned || t.name === 'Patient').map(
  (t) => t.collection,
);
