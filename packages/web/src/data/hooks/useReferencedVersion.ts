import type { Reference, Resource } from '@caseload/core';
import { useMemo } from 'react';
import type { ApiError } from '../../api/index.ts';
import { useDataLayer } from './useDataLayer.ts';
import { useResource } from './useResource.ts';
import { useServerRead } from './useServerRead.ts';

/** An older version as read: the resource, or why it could not be read. */
interface OldVersion<T> {
  versionId: string;
  item?: T;
  error?: Error;
}

/**
 * The version of a resource a reference names: the current one when the reference names it (or
 * names no version), else that version from history. What was answered or sent keeps showing as
 * it was after the definition is edited: a response's questionnaire, a sent packet's parts.
 */
export function useReferencedVersion<T extends Resource>(
  collection: string,
  ref: Reference | undefined,
): { item?: T; loading: boolean; error?: ApiError | Error } {
  const layer = useDataLayer();
  const current = useResource<T>(collection, ref?.id);
  const wanted = ref?.versionId && current.item && current.item.meta.versionId !== ref.versionId ? ref.versionId : undefined;
  // A failure is shown as this version's error, so the read itself never fails.
  const read = useMemo(
    () =>
      wanted && ref
        ? () =>
            layer.readVersion<T>(collection, ref.id, wanted).then(
              (item): OldVersion<T> => ({ versionId: wanted, item }),
              (error: unknown): OldVersion<T> => ({ versionId: wanted, error: error instanceof Error ? error : new Error(String(error)) }),
            )
        : undefined,
    [layer, collection, ref, wanted],
  );
  const { value: old } = useServerRead(read);
  if (!wanted) return { item: current.item, loading: current.loading, error: current.error };
  if (old?.versionId !== wanted) return { loading: true };
  return { item: old.item, loading: false, error: old.error ?? (old.item ? undefined : new Error('The requested data was not found.')) };
}
