import type { SyncState } from '../../../data/index.ts';

/** `checking`: the queue has not been read yet (just after a load), so nothing can be said. */
export type SyncStatus = 'checking' | 'failed' | 'offline' | 'pending' | 'synced';

export interface SyncSummary {
  status: SyncStatus;
  /** The words on the header's button (short). */
  short: string;
  /** The full sentence, for screen readers and the dialog. */
  sentence: string;
}

const edits = (n: number) => (n === 1 ? '1 edit' : `${n} edits`);

/**
 * What the header says about the data layer, worst news first. Until the queue has been read the
 * counts are placeholders: the state is neutral "Checking…", never "Saved" (after a reload with
 * queued edits that would be false for a moment) and not "Offline" either, which would say no
 * edit waits.
 */
export function summariseSync({
  known,
  online,
  pendingCount,
  failed,
}: Pick<SyncState, 'known' | 'online' | 'pendingCount' | 'failed'>): SyncSummary {
  if (!known) return { status: 'checking', short: 'Checking…', sentence: 'Checking for edits waiting to be sent…' };
  const waiting = pendingCount > 0 ? ` ${edits(pendingCount)} waiting to be sent.` : '';
  if (failed.length > 0) {
    return {
      status: 'failed',
      short: `${failed.length} not saved`,
      sentence: `${edits(failed.length)} could not be saved.${waiting}`,
    };
  }
  if (!online) {
    return {
      status: 'offline',
      short: pendingCount > 0 ? `Offline · ${pendingCount} waiting` : 'Offline',
      sentence: `You are offline.${waiting || ' Your edits will be kept on this device and sent when you are back online.'}`,
    };
  }
  if (pendingCount > 0) return { status: 'pending', short: `Saving ${pendingCount}`, sentence: `Online.${waiting}` };
  return { status: 'synced', short: 'Saved', sentence: 'Online. All your edits are saved.' };
}
