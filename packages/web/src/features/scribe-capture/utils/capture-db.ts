import { Dexie, type Table } from 'dexie/dist/modern/dexie.mjs';
import type { CaptureStore, LocalRecording, StoredChunk } from './capture-store.ts';

/**
 * The recordings waiting to reach the server, in IndexedDB: a database of its own (not the data
 * layer's), because audio is bytes the write queue does not carry, and its life is the upload's:
 * a recording's chunks are deleted as soon as the server has committed them.
 */
class CaptureDatabase extends Dexie {
  declare recordings: Table<LocalRecording, string>;
  declare chunks: Table<StoredChunk, [string, number]>;

  constructor() {
    super('caseload-scribe-capture');
    this.version(1).stores({ recordings: 'id, [practiceId+sessionId]', chunks: '[recordingId+n], recordingId' });
  }
}

let database: CaptureDatabase | undefined;
const db = () => (database ??= new CaptureDatabase());

/** The browser's capture store. */
export const dexieCaptureStore: CaptureStore = {
  async putRecording(recording) {
    await db().recordings.put(recording);
  },
  getRecording: (id) => db().recordings.get(id),
  async unfinishedOf(practiceId, sessionId) {
    const found = await db().recordings.where('[practiceId+sessionId]').equals([practiceId, sessionId]).toArray();
    return found.filter((r) => r.state !== 'committed').sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  },
  appendChunk: (recordingId, blob, recordedMs) =>
    db().transaction('rw', db().recordings, db().chunks, async () => {
      const recording = await db().recordings.get(recordingId);
      if (!recording) throw new Error(`No recording ${recordingId}`);
      const chunk: StoredChunk = { recordingId, n: recording.nextChunk, blob, size: blob.size, sent: 0 };
      await db().chunks.put(chunk);
      await db().recordings.put({ ...recording, nextChunk: recording.nextChunk + 1, recordedMs });
      return chunk;
    }),
  chunksOf: (recordingId) => db().chunks.where('recordingId').equals(recordingId).sortBy('n'),
  async markSent(recordingId, n, sent) {
    await db().chunks.update([recordingId, n], { sent });
  },
  settle: (recordingId) =>
    db().transaction('rw', db().recordings, db().chunks, async () => {
      await db().chunks.where('recordingId').equals(recordingId).delete();
      await db().recordings.update(recordingId, { state: 'committed' });
    }),
};
