/** The fields every stored resource carries (SPEC.md section 3). */
export interface ResourceMeta {
  versionId: string;
  lastModified: string;
  lastModifiedBy?: Reference;
  isDeleted?: boolean;
  isHistorical?: boolean;
  hasTransformations?: boolean;
  resourceSystem?: string;
  /** Set from the automation header: which automated process made this version. */
  automation?: string;
  /** Set from the user-system header: which client system the user wrote this version from. */
  userSystem?: string;
  /** Set from the sync header: a sync process, not a person, wrote this version. */
  sync?: boolean;
  /** Set when written under the time-to-live header: when the resource stops being readable. */
  expires?: string;
}

export interface Identifier {
  system?: string;
  type?: string;
  value: string;
}

export interface Content {
  contentType: string;
  url?: string;
  /** Hex sha-256 of the bytes. */
  hash: string;
  size: number;
}

/** A pointer at another resource; `resource` holds it when the reference was expanded. */
export interface Reference<T extends Resource = Resource> {
  id: string;
  resourceType: string;
  display?: string;
  partition?: string;
  versionId?: string;
  resource?: T | null;
  /** Set instead of `resource` when an asked-for expansion found nothing. */
  expansionError?: string;
}

export interface Resource {
  id: string;
  resourceType: string;
  partition?: string;
  display?: string;
  created?: string;
  meta: ResourceMeta;
  identifiers?: Identifier[];
  content?: Content;
  [field: string]: unknown;
}

/** A resource as a client sends it: no id yet, no server-owned meta. */
export type ResourceInput = Omit<Resource, 'id' | 'meta'> & { id?: string; meta?: Partial<ResourceMeta> };

/** SPEC.md section 3: a resource is valid when it has an id and meta. */
export function isValidResource(value: unknown): value is Resource {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Partial<Resource>;
  return typeof r.id === 'string' && r.id.length > 0 && typeof r.meta === 'object' && r.meta !== null;
}

/**
 * Fields a client may never write: the server owns identity, version metadata and when a resource
 * was created. Patches that touch them are refused and generated patches drop them.
 */
export const READ_ONLY_ROOT_FIELDS = ['id', 'meta', 'resourceType', 'partition', 'created'] as const;

export function isReference(value: unknown): value is Reference {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Partial<Reference>;
  return typeof r.id === 'string' && typeof r.resourceType === 'string';
}
