import type { RecordingPurpose } from '../api/capture.api.ts';

/**
 * One recording as the device keeps it until the server has it whole: written before anything is
 * sent, so a dropped connection or a reload loses nothing the recorder had handed over.
 */
export interface LocalRecording {
  /** A local id, also the Idempotency-Key of the Media's creation. */
  id: string;
  practiceId: string;
  /** The ScribeSession note. */
  sessionId: string;
  purpose: RecordingPurpose;
  /** The server's Media, once made. */
  mediaId?: string;
  contentType: string;
  /** recording: chunks may still come; finishing: no more chunks, commit once all are sent; committed: done. */
  state: 'recording' | 'finishing' | 'committed';
  source: 'microphone' | 'file';
  fileName?: string;
  startedAt: string;
  /** Audio time recorded up to the last chunk stored, in milliseconds (pauses excluded). */
  recordedMs: number;
  /** The number the next chunk gets; chunks run from 0 without gaps. */
  nextChunk: number;
}

/** One piece of a recording; its blob is kept until the content is committed. */
export interface StoredChunk {
  recordingId: string;
  n: number;
  blob: Blob;
  size: number;
  /** 1 once the server answered it (numbers, so IndexedDB can index it). */
  sent: 0 | 1;
}

/** Where recordings wait: IndexedDB in the browser (capture-db.ts), memory in unit tests. */
export interface CaptureStore {
  putRecording(recording: LocalRecording): Promise<void>;
  getRecording(id: string): Promise<LocalRecording | undefined>;
  /** The session's recordings not yet committed, oldest first. */
  unfinishedOf(practiceId: string, sessionId: string): Promise<LocalRecording[]>;
  /** Stores chunk `recording.nextChunk` and advances it, in one step. */
  appendChunk(recordingId: string, blob: Blob, recordedMs: number): Promise<StoredChunk>;
  chunksOf(recordingId: string): Promise<StoredChunk[]>;
  markSent(recordingId: string, n: number, sent: 0 | 1): Promise<void>;
  /** Forgets the recording's chunks (after the commit) and marks it committed. */
  settle(recordingId: string): Promise<void>;
}

/** The store of unit tests: the same contract, in memory. */
export class MemoryCaptureStore implements CaptureStore {
  readonly recordings = new Map<string, LocalRecording>();
  readonly chunks = new Map<string, StoredChunk>();

  async putRecording(recording: LocalRecording) {
    this.recordings.set(recording.id, { ...recording });
  }
  async getRecording(id: string) {
    const found = this.recordings.get(id);
    return found && { ...found };
  }
  async unfinishedOf(practiceId: string, sessionId: string) {
    return [...this.recordings.values()]
      .filter((r) => r.practiceId === practiceId && r.sessionId === sessionId && r.state !== 'committed')
      .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  }
  async appendChunk(recordingId: string, blob: Blob, recordedMs: number) {
    const recording = this.recordings.get(recordingId);
    if (!recording) throw new Error(`No recording ${recordingId}`);
    const chunk: StoredChunk = { recordingId, n: recording.nextChunk, blob, size: blob.size, sent: 0 };
    this.chunks.set(`${recordingId}/${chunk.n}`, chunk);
    this.recordings.set(recordingId, { ...recording, nextChunk: recording.nextChunk + 1, recordedMs });
    return chunk;
  }
  async chunksOf(recordingId: string) {
    return [...this.chunks.values()].filter((c) => c.recordingId === recordingId).sort((a, b) => a.n - b.n);
  }
  async markSent(recordingId: string, n: number, sent: 0 | 1) {
    const chunk = this.chunks.get(`${recordingId}/${n}`);
    if (chunk) chunk.sent = sent;
  }
  async settle(recordingId: string) {
    for (const key of [...this.chunks.keys()]) if (key.startsWith(`${recordingId}/`)) this.chunks.delete(key);
    const recording = this.recordings.get(recordingId);
    if (recording) this.recordings.set(recordingId, { ...recording, state: 'committed' });
  }
}
