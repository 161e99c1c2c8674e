import { api } from '../../../api/index.ts';
import { createDataLayer, type DataLayer } from '../../../data/index.ts';
import type { PracticeAccess } from '../utils/practice-choice.ts';

let open: { accountId: string; layer: DataLayer } | undefined;

/**
 * The signed-in account's data layer: one per account on this page, kept while the same account
 * stays (a session that expires and is signed into again keeps its queue), replaced when another
 * signs in. Kept outside React so StrictMode's trial unmounts never dispose a layer in use.
 */
export function dataLayerFor(accountId: string, membership: PracticeAccess | undefined): DataLayer {
  if (open?.accountId === accountId) return open.layer;
  open?.layer.dispose();
  const layer = createDataLayer({
    api,
    offlineStorage: true,
    userKey: accountId,
    practiceId: membership?.practiceId,
    profile: membership?.profile,
  });
  open = { accountId, layer };
  return layer;
}

/** After signing out: the layer's store was cleared; stop its timers and close it. */
export function closeDataLayer(): void {
  open?.layer.dispose();
  open = undefined;
}
