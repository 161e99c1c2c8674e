import type { Resource } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { recordingContentGuard } from '../scribe/scribe.rules.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';

/** A check made before any bytes of a resource's content are stored (a chunk, an upload, a commit). */
export type ContentGuard = (tx: Queryable, ctx: RepositoryContext, resource: Resource) => Promise<void>;

/**
 * The content guards by type. The version a content call writes also runs the type's write rules,
 * but only after the bytes are in the store; these run first, so a refused upload leaves nothing.
 */
export const CONTENT_GUARDS: Readonly<Record<string, ContentGuard>> = {
  Media: recordingContentGuard,
};
