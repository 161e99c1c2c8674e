import { notFound, type ResourceTypeDefinition } from '@caseload/core';

/**
 * Where a resource's bytes live in the ContentStore. Everything of one resource sits under one
 * folder, `{practiceId or _global}/{Collection}/{id}/`, so a purge is a single prefix delete and
 * removing a practice network (`{practiceId}/`) takes its content with it:
 *
 * - `{folder}/{sha256}`: the bytes of every version that uploaded them (content-addressed, so
 *   re-uploading the same file stores it once);
 * - `{folder}/thumbnails/{sha256}-{n}.{ext}`: cached thumbnails;
 * - `{folder}/_staging/`: a chunked upload in progress.
 *
 * Practice names are lower-case letters, digits and dashes, so `_global` can never be one.
 */
export interface ContentKeys {
  /** The resource's folder, with a trailing slash: what a purge deletes. */
  readonly folder: string;
  content(hash: string): string;
  thumbnail(hash: string, size: number, extension: string): string;
  /** The staging folder of a chunked upload, with a trailing slash. */
  readonly staging: string;
  chunk(n: number): string;
  readonly manifest: string;
}

/** The resource id rule of ResourceRepository; anything else cannot exist. */
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Keys for one resource. An id that no resource can have is a 404 here, before it could become
 * a path (a URL-decoded id may hold `/` or `..`).
 */
export function contentKeys(practiceId: string, type: ResourceTypeDefinition, id: string): ContentKeys {
  if (!ID_PATTERN.test(id)) throw notFound();
  const folder = `${practiceId || '_global'}/${type.collection}/${id}/`;
  const staging = `${folder}_staging/`;
  return {
    folder,
    content: (hash) => `${folder}${hash}`,
    thumbnail: (hash, size, extension) => `${folder}thumbnails/${hash}-${size}.${extension}`,
    staging,
    chunk: (n) => `${staging}chunk-${n}`,
    manifest: `${staging}manifest.json`,
  };
}

/** The download path of one version's content: what `content.url` holds. */
export function contentUrl(practiceId: string, type: ResourceTypeDefinition, id: string, versionId: string): string {
  const collection = practiceId ? `/api/v1/practices/${practiceId}/${type.collection}` : `/api/v1/${type.collection}`;
  return `${collection}/${encodeURIComponent(id)}/_history/${encodeURIComponent(versionId)}/content`;
}
