import type { Resource } from '@caseload/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDataLayer, useSyncState, type DataLayer, type FailedUpsert } from '../../../data/index.ts';
import type { DraftTracker } from '../utils/draft-tracker.ts';

/** One resource an editor is tracking. */
export interface RecoverableDraft {
  collection: string;
  id: string;
  partition?: string;
  tracker: DraftTracker<Resource>;
}

/** A 409 is "someone saved this first" (SPEC.md section 8): the one refusal a rebase can mend. */
const isStale = (f: FailedUpsert) => f.status === 409 && f.operation === 'upsert';

/** The server's copy now and the version the refused edit was made on. */
async function readBoth(layer: DataLayer, draft: RecoverableDraft, failure: FailedUpsert) {
  const versionId = failure.item.meta?.versionId;
  const [base, current] = await Promise.all([
    versionId ? layer.readVersion(draft.collection, draft.id, versionId) : undefined,
    layer
      .fetchAll(draft.collection, { filters: [{ field: 'id', op: 'in', value: [draft.id] }], partition: draft.partition })
      .then((found) => found[0]),
  ]);
  return { base, current };
}

/**
 * Mends what another device's save made stale: a write of one of `drafts` the server refused with
 * 409 is re-applied on the server's copy (DraftTracker.recover) and its failed-upsert record
 * dropped; when both changed the same field the record stays, with the user's text, for the sync
 * details (Copy, Restore my version). Answers the refusals left to show, without the ones
 * being mended.
 */
export function useStaleWriteRecovery(drafts: readonly RecoverableDraft[]): FailedUpsert[] {
  const layer = useDataLayer();
  const sync = useSyncState();
  const [mending, setMending] = useState<ReadonlySet<string>>(new Set());
  const tried = useRef(new Set<string>());
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;

  useEffect(() => {
    for (const failure of sync.failed) {
      const draft = draftsRef.current.find((d) => d.collection === failure.collection && d.id === failure.id);
      if (!draft || !isStale(failure) || tried.current.has(failure.hash)) continue;
      tried.current.add(failure.hash);
      setMending((s) => new Set(s).add(failure.hash));
      void (async () => {
        try {
          const { base, current } = await readBoth(layer, draft, failure);
          const out = await draft.tracker.recover(failure.item, base, current);
          if (out.ok) await layer.dismissFailed(failure.hash);
        } catch {
          // Offline again, or the server unreachable: the record stays for the user.
        } finally {
          setMending((s) => {
            const next = new Set(s);
            next.delete(failure.hash);
            return next;
          });
        }
      })();
    }
  }, [sync.failed, layer]);

  // `drafts` is rebuilt each render; what matters is which items it names.
  const names = drafts.map((d) => `${d.collection}/${d.id}`).join('\n');
  return useMemo(
    () => sync.failed.filter((f) => names.split('\n').includes(`${f.collection}/${f.id}`) && !mending.has(f.hash)),
    [sync.failed, mending, names],
  );
}
