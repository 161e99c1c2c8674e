import { HEADERS, type Resource } from '@caseload/core';
import { resourcePath } from '../paths.ts';
import { readPractice, type ReadContext } from './read-context.ts';

/**
 * Every kept version of one resource, newest first (`GET {Collection}/{id}/_history`, docs/api.md),
 * each kept in the device's historical table so a later `readVersion` of it costs nothing.
 * Versions never change, so keeping them needs no merge with unsent edits.
 */
export async function readHistory(ctx: ReadContext, collection: string, id: string, partition?: string): Promise<Resource[]> {
  const practiceId = readPractice(ctx, collection);
  const headers: Record<string, string> = partition === undefined ? {} : { [HEADERS.partitionKey]: partition };
  const versions = (await ctx.api.get<Resource[]>(`${resourcePath(collection, practiceId, id)}/_history`, { headers })) ?? [];
  await ctx.store.putHistorical(
    versions.filter((v) => v.meta?.versionId).map((item) => ({ collection, id, versionId: item.meta.versionId, item })),
  );
  return versions;
}
