import type { Resource } from '@caseload/core';
import { useCallback, useEffect, useMemo } from 'react';
import type { PagedQueryRequest, PagedQueryState } from '../reads/paged-query.ts';
import { useDataLayer } from './useDataLayer.ts';
import { useLayerPractice } from './useLayerPractice.ts';
import { useLiveValue } from './useLiveValue.ts';

export interface UsePagedQueryResult<T extends Resource> extends PagedQueryState<T> {
  /** Reads the next page (call when the user nears the end of the list). */
  loadMore(): Promise<void>;
  /** Runs the search again from its first page. */
  refresh(): Promise<void>;
}

/**
 * A searchable list read a page (50) at a time, for collections too long to read whole: the first
 * page when the request changes, the next on `loadMore`. A newer request always wins over an older
 * one's late answer. Offline, the device's own matches. The request is compared by value, so an
 * inline object does not search again on every render. No request (undefined: nothing typed yet
 * in a picker), no read and nothing listed.
 */
export function usePagedQuery<T extends Resource>(collection: string, request: PagedQueryRequest | undefined): UsePagedQueryResult<T> {
  const layer = useDataLayer();
  const practiceId = useLayerPractice(layer);
  // practiceId: the same search in another practice is another search.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read again in another practice
  const query = useMemo(() => layer.pagedQuery<T>(collection), [layer, collection, practiceId]);
  const key = request === undefined ? undefined : JSON.stringify(request);
  useEffect(() => {
    if (key === undefined) {
      query.clear();
      return;
    }
    query.setQuery(JSON.parse(key) as PagedQueryRequest).catch(reportUnexpected);
    // Unmounted or asked again: an answer for this request must never land.
    return () => query.cancel();
  }, [query, key]);
  const state = useLiveValue(query.live);
  const loadMore = useCallback(() => query.loadMore(), [query]);
  const refresh = useCallback(async () => {
    if (key !== undefined) await query.setQuery(JSON.parse(key) as PagedQueryRequest);
  }, [query, key]);
  return useMemo(() => ({ ...state, loadMore, refresh }), [state, loadMore, refresh]);
}

/** Not a refusal or a lost connection (the state shows those) but a bug: let it surface. */
function reportUnexpected(error: unknown) {
  setTimeout(() => {
    throw error;
  });
}
