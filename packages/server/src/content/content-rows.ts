import type { Content, Resource, ResourceTypeDefinition } from '@caseload/core';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import type { ResourceRow } from '../storage/repository-context.ts';
import { contentUrl } from './content-keys.ts';

/**
 * Writes the next version of a resource locked by `repo.currentForWrite` with `content` set (its
 * `url` pointing at the new version's download) or, when `content` is undefined, removed. The
 * repository runs the same checks, hooks, history and audit as every other write.
 */
export function writeContentVersion(
  repo: ResourceRepository,
  practiceId: string,
  type: ResourceTypeDefinition,
  row: ResourceRow,
  content: Omit<Content, 'url'> | undefined,
): Promise<Resource> {
  return repo.writeNextVersion(type, row, (fields, versionId) => {
    const { content: _previous, ...rest } = fields;
    return content ? { ...rest, content: { ...content, url: contentUrl(practiceId, type, row.id, versionId) } } : rest;
  });
}
