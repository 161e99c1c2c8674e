import type { SyncState } from '../../../data/index.ts';

export type SyncStatus = 'failed' | 'offline' | 'pending' | 'synced';

export interface SyncSummary {
  status: SyncStatus;
  /** The words on the header's button (short). */
  short: string;
  /** The full sentence, for screen readers and the dialog. */
  sentence: string;
}

const edits = (n: number) => (n === 1 ? '1 edit' : `${n} edits`);

/** What the header says about the data layer, worst news first. */
export function summariseSync({ online, pendingCount, failed }: Pick<SyncState, 'online' | 'pendingCount' | 'failed'>): SyncSummary {
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
