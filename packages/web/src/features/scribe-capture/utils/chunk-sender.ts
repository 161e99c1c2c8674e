import { ApiError, NetworkError } from '../../../api/index.ts';
import type { CaptureApi } from '../api/capture.api.ts';
import type { CaptureStore, LocalRecording } from './capture-store.ts';
import { chunksToResend, retryDelayMs, uploadTotals, type UploadTotals } from './upload-plan.ts';

/** Where one recording's upload stands. */
export interface SenderState extends UploadTotals {
  /**
   * idle: nothing to send now; sending; waiting: the connection failed, trying again soon;
   * refused: the server said no (consent, dictation only) and will go on saying it;
   * failed: another error, tried again when asked; committed: the server has the content.
   */
  phase: 'idle' | 'sending' | 'waiting' | 'refused' | 'failed' | 'committed';
  mediaId?: string;
  /** The server's words for a refusal or failure. */
  error?: string;
  /** The committed content's size, as the server reports it. */
  committedSize?: number;
}

export interface SenderOptions {
  api: Pick<CaptureApi, 'createRecording' | 'sendChunk' | 'stagedChunks' | 'commit' | 'readMedia'>;
  store: CaptureStore;
  recordingId: string;
  onChange: (state: SenderState) => void;
  /** Waits before a retry; resolves early when the browser says it is online again. */
  wait?: (ms: number) => Promise<void>;
}

const EMPTY: UploadTotals = { chunks: 0, bytes: 0, pendingChunks: 0, pendingBytes: 0 };

/** The reason a refusal gives: the server's issue (the consent message) before its title. */
export const refusalMessage = (error: ApiError) => error.issues[0]?.message ?? error.detail ?? error.title;

/**
 * Sends one recording's chunks from the store to its Media, in order, as they arrive; makes the
 * Media first when there is none yet; and commits once the recording is finishing and every chunk
 * is on the server. A network failure waits and tries again (forever: the chunks are safe on the
 * device); a 403 stops for good, another error until `kick` is called again. One run at a time:
 * `kick` during a run makes the run look again before it stops.
 */
export class ChunkSender {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private state: SenderState = { phase: 'idle', ...EMPTY };

  constructor(private readonly options: SenderOptions) {}

  get current(): SenderState {
    return this.state;
  }

  /** There may be more to send (a new chunk, finishing, back online). */
  kick(): Promise<void> {
    this.again = true;
    // A run waiting for the connection still shows the new chunk among those pending.
    if (this.running) void this.report({});
    this.running ??= this.loop().finally(() => (this.running = undefined));
    return this.running;
  }

  /** No more runs (the page went away); chunks stay on the device for the next page. */
  stop(): void {
    this.stopped = true;
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (this.again && !this.stopped) {
      this.again = false;
      try {
        await this.pass();
        failures = 0;
      } catch (error) {
        if (error instanceof NetworkError || (error instanceof ApiError && (error.status >= 500 || error.status === 429))) {
          failures += 1;
          await this.report({ phase: 'waiting', error: undefined });
          await (this.options.wait ?? defaultWait)(retryDelayMs(failures));
          this.again = true;
        } else if (error instanceof ApiError) {
          await this.report({ phase: error.status === 403 ? 'refused' : 'failed', error: refusalMessage(error) });
        } else {
          await this.report({ phase: 'failed', error: error instanceof Error ? error.message : String(error) });
        }
      }
    }
  }

  private async pass(): Promise<void> {
    const { store, api, recordingId } = this.options;
    let recording = await store.getRecording(recordingId);
    if (!recording || recording.state === 'committed') return this.report({ phase: recording ? 'committed' : 'idle' });
    await this.report({ phase: 'sending', error: undefined });
    if (!recording.mediaId) recording = await this.createMedia(recording);
    const mediaId = recording.mediaId!;
    for (const chunk of await store.chunksOf(recordingId)) {
      if (chunk.sent || this.stopped) continue;
      await api.sendChunk(recording.practiceId, mediaId, chunk.n, chunk.blob, recording.contentType);
      await store.markSent(recordingId, chunk.n, 1);
      await this.report({});
    }
    // Chunks that came while sending are the next pass's; commit only a recording that is over.
    recording = (await store.getRecording(recordingId))!;
    const chunks = await store.chunksOf(recordingId);
    if (recording.state !== 'finishing' || chunks.some((c) => !c.sent)) return this.report({ phase: 'idle' });
    const missing = chunksToResend(chunks, await api.stagedChunks(recording.practiceId, mediaId));
    for (const chunk of missing) await api.sendChunk(recording.practiceId, mediaId, chunk.n, chunk.blob, recording.contentType);
    const media = chunks.length > 0 ? await this.commit(recording, mediaId) : undefined;
    await store.settle(recordingId);
    await this.report({ phase: 'committed', committedSize: media?.content?.size ?? 0 });
  }

  private async createMedia(recording: LocalRecording): Promise<LocalRecording> {
    const media = await this.options.api.createRecording(recording.practiceId, recording.sessionId, recording.purpose, recording.id);
    const current = (await this.options.store.getRecording(recording.id)) ?? recording;
    const updated = { ...current, mediaId: media.id };
    await this.options.store.putRecording(updated);
    return updated;
  }

  /** Commits; a retried commit whose first answer was lost finds no chunks (400) but the content there. */
  private async commit(recording: LocalRecording, mediaId: string) {
    try {
      return await this.options.api.commit(recording.practiceId, mediaId, recording.contentType);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      const media = await this.options.api.readMedia(recording.practiceId, mediaId);
      if (!media.content) throw error;
      return media;
    }
  }

  private async report(change: Partial<SenderState>): Promise<void> {
    const chunks = await this.options.store.chunksOf(this.options.recordingId);
    const recording = await this.options.store.getRecording(this.options.recordingId);
    // Committed chunks are forgotten; the totals of what was sent stay on show.
    const totals = chunks.length > 0 ? uploadTotals(chunks) : { pendingChunks: 0, pendingBytes: 0 };
    this.state = { ...this.state, ...totals, ...change, mediaId: recording?.mediaId };
    this.options.onChange(this.state);
  }
}

/** Waits `ms`, or less when the browser comes back online. */
function defaultWait(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    globalThis.addEventListener?.('online', done);
  });
}
