import type { Resource } from '@caseload/core';
import type { ApiClient } from '../../api/index.ts';
import { createDataLayer } from '../create-data-layer.ts';
import type { DataLayer, DataLayerOptions } from '../data-layer.ts';
import { memoryTokenStorage } from '../security-token/token-storage.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { FakeServer } from './fake-server.ts';
import { loadPatchGenerator } from '../queue/load-patch-generator.ts';

// The patch generator is a chunk loaded on first use (queue/load-patch-generator.ts); loading it
// takes real time, which fake timers do not advance, so the tests start with it loaded, as a
// page has it after its first write.
await loadPatchGenerator();

/** A browser's online flag and its `online`/`offline` events, under the test's control. */
export class FakeNetwork {
  online = true;
  readonly events = new EventTarget();
  isOnline = () => this.online;
  goOffline() {
    this.online = false;
    this.events.dispatchEvent(new Event('offline'));
  }
  goOnline() {
    this.online = true;
    this.events.dispatchEvent(new Event('online'));
  }
}

export interface TestLayer {
  layer: DataLayer;
  api: ApiClient;
  server: FakeServer;
  network: FakeNetwork;
  store: MemoryStore;
}

/**
 * A data layer over the memory store, talking to a fake server, on the fake clock (call
 * `vi.useFakeTimers()` first). Ids and idempotency keys count up, so tests can name them.
 */
export function testLayer(options: Partial<DataLayerOptions> & { server?: FakeServer; network?: FakeNetwork } = {}): TestLayer {
  const server = options.server ?? new FakeServer(() => Date.now());
  const network = options.network ?? new FakeNetwork();
  const store = (options.store as MemoryStore | undefined) ?? new MemoryStore();
  let n = 0;
  const api = options.api ?? server.client();
  const layer = createDataLayer({
    api,
    offlineStorage: false,
    userKey: 'user-1',
    practiceId: 'acme',
    store,
    connectivity: network,
    tokenStorage: memoryTokenStorage(),
    clock: () => Date.now(),
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    ...options,
  });
  return { layer, api, server, network, store };
}

/** A note as a screen would write it. */
export const note = (fields: Record<string, unknown> = {}) =>
  ({ resourceType: 'Note', partition: 'pat-1', text: 'Seen at home.', ...fields }) as unknown as Omit<Resource, 'id' | 'meta'>;

/**
 * Lets every promise chain that is ready run to its end (store reads, reactions to store changes)
 * without moving the fake clock.
 */
export async function settle(): Promise<void> {
  for (let i = 0; i < 200; i++) await Promise.resolve();
}
