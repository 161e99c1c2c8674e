import type { Resource } from '@caseload/core';

/**
 * The address of a resource's image, resized by the server to fit n×n pixels (docs/content.md,
 * `?thumbnail={n}`). It is the version-specific `content.url`, so a new upload is a new address
 * and the browser never shows a stale picture. Undefined when there is no content yet.
 */
export function thumbnailUrl(resource: Pick<Resource, 'content'> | undefined, size: number): string | undefined {
  const url = resource?.content?.url;
  return url ? `${url}${url.includes('?') ? '&' : '?'}thumbnail=${size}` : undefined;
}
