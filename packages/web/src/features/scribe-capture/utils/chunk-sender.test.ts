import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../api/index.ts';
import type { CaptureApi, StagedChunks } from '../api/capture.api.ts';
import { MemoryCaptureStore, type LocalRecording } from './capture-store.ts';
import { ChunkSender, type SenderState } from './chunk-sender.ts';
import { chunksToResend, formatElapsed, pickAudioType, retryDelayMs, sliceFile, uploadTotals } from './upload-plan.ts';

const recording = (over: Partial<LocalRecording> = {}): LocalRecording => ({
  id: 'r1',
  practiceId: 'p',
  sessionId: 's',
  purpose: 'session',
  contentType: 'audio/webm;codecs=opus',
  state: 'recording',
  source: 'microphone',
  startedAt: '2026-11-28T10:00:00Z',
  recordedMs: 0,
  nextChunk: 0,
  ...over,
});

/** A server in memory speaking the capture calls; `down` makes every call a network failure. */
function fakeServer() {
  const staged = new Map<number, number>();
  const server = {
    down: false,
    refuse: undefined as string | undefined,
    created: 0,
    committed: undefined as number | undefined,
    api: {} as Pick<CaptureApi, 'createRecording' | 'sendChunk' | 'stagedChunks' | 'commit' | 'readMedia'>,
  };
  const check = () => {
    if (server.down) throw new NetworkError(new TypeError('Failed to fetch'));
  };
  const list = (): StagedChunks => ({ chunks: [...staged].map(([n, size]) => ({ n, size })), totalSize: 0 });
  server.api = {
    async createRecording() {
      check();
      if (server.refuse) {
        throw new ApiError({
          status: 403,
          body: { title: 'Forbidden', status: 403, issues: [{ path: 'recording', message: server.refuse }] } as never,
          responseText: '',
        });
      }
      server.created += 1;
      return { id: 'm1' };
    },
    async sendChunk(_p, _m, n, blob) {
      check();
      staged.set(n, blob.size);
      return list();
    },
    async stagedChunks() {
      check();
      return list();
    },
    async commit() {
      check();
      server.committed = [...staged.values()].reduce((a, b) => a + b, 0);
      staged.clear();
      return { id: 'm1', content: { size: server.committed } };
    },
    async readMedia() {
      return { id: 'm1' };
    },
  };
  return server;
}

function sender(store: MemoryCaptureStore, server: ReturnType<typeof fakeServer>) {
  const states: SenderState[] = [];
  const s = new ChunkSender({ api: server.api, store, recordingId: 'r1', onChange: (x) => states.push(x), wait: async () => undefined });
  return { s, states, last: () => states.at(-1)! };
}

describe('ChunkSender', () => {
  it('makes the Media, sends the chunks in order and commits once the recording is finishing', async () => {
    const store = new MemoryCaptureStore();
    const server = fakeServer();
    await store.putRecording(recording());
    await store.appendChunk('r1', new Blob(['aaaa']), 4000);
    await store.appendChunk('r1', new Blob(['bbb']), 8000);
    const { s, last } = sender(store, server);
    await s.kick();
    expect(last()).toMatchObject({ phase: 'idle', mediaId: 'm1', chunks: 2, bytes: 7, pendingChunks: 0 });
    expect(server.committed).toBeUndefined();
    await store.putRecording({ ...(await store.getRecording('r1'))!, state: 'finishing' });
    await s.kick();
    expect(server.committed).toBe(7);
    expect(last()).toMatchObject({ phase: 'committed', bytes: 7, committedSize: 7 });
    expect(await store.chunksOf('r1')).toEqual([]);
    expect(server.created).toBe(1);
  });

  it('waits through a dropped connection with the chunks on the device, and sends them when it returns', async () => {
    const store = new MemoryCaptureStore();
    const server = fakeServer();
    await store.putRecording(recording({ mediaId: 'm1', state: 'finishing' }));
    await store.appendChunk('r1', new Blob(['aaaa']), 4000);
    server.down = true;
    const states: SenderState[] = [];
    let waits = 0;
    const s = new ChunkSender({
      api: server.api,
      store,
      recordingId: 'r1',
      onChange: (x) => states.push(x),
      wait: async () => {
        waits += 1;
        if (waits === 3) server.down = false;
      },
    });
    await s.kick();
    expect(states.some((x) => x.phase === 'waiting' && x.pendingChunks === 1)).toBe(true);
    expect(states.at(-1)).toMatchObject({ phase: 'committed', committedSize: 4 });
  });

  it('stops at a refusal with the server’s words, sending nothing', async () => {
    const store = new MemoryCaptureStore();
    const server = fakeServer();
    server.refuse = 'The patient has no active consent to recording.';
    await store.putRecording(recording());
    await store.appendChunk('r1', new Blob(['aaaa']), 4000);
    const { s, last } = sender(store, server);
    await s.kick();
    expect(last()).toMatchObject({ phase: 'refused', error: 'The patient has no active consent to recording.', pendingChunks: 1 });
  });
});

describe('upload plan', () => {
  it('resends what the server does not hold with the same size', () => {
    const chunk = (n: number, size: number) => ({ recordingId: 'r', n, size, blob: new Blob(), sent: 1 as const });
    const local = [chunk(0, 5), chunk(1, 5), chunk(2, 3)];
    expect(
      chunksToResend(local, {
        chunks: [
          { n: 0, size: 5 },
          { n: 2, size: 2 },
        ],
        totalSize: 7,
      }).map((c) => c.n),
    ).toEqual([1, 2]);
    expect(uploadTotals([...local, { ...chunk(3, 4), sent: 0 }])).toEqual({ chunks: 4, bytes: 17, pendingChunks: 1, pendingBytes: 4 });
  });

  it('formats, picks a type, slices and backs off', () => {
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(3_725_000)).toBe('1:02:05');
    expect(pickAudioType((t) => t === 'audio/webm')).toBe('audio/webm');
    expect(pickAudioType((t) => t.startsWith('audio/webm;'))).toBe('audio/webm;codecs=opus');
    expect(sliceFile(new Blob(['abcdefg']), 3).map((b) => b.size)).toEqual([3, 3, 1]);
    expect([1, 2, 3, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 15000]);
  });
});
