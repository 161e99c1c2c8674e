import type { StagedChunks } from '../api/capture.api.ts';
import type { StoredChunk } from './capture-store.ts';

/** What the page shows of an upload: what is still on the device only, and what the server has. */
export interface UploadTotals {
  chunks: number;
  bytes: number;
  pendingChunks: number;
  pendingBytes: number;
}

export function uploadTotals(chunks: readonly StoredChunk[]): UploadTotals {
  const pending = chunks.filter((c) => !c.sent);
  return {
    chunks: chunks.length,
    bytes: chunks.reduce((sum, c) => sum + c.size, 0),
    pendingChunks: pending.length,
    pendingBytes: pending.reduce((sum, c) => sum + c.size, 0),
  };
}

/**
 * The chunks to send (again) before a commit: those the server does not hold with the size the
 * device has. A chunk marked sent whose answer was the last thing before a crash, or one the
 * server lost, is caught here rather than by a commit's "Chunk n is missing".
 */
export function chunksToResend(local: readonly StoredChunk[], staged: StagedChunks): StoredChunk[] {
  const held = new Map(staged.chunks.map((c) => [c.n, c.size]));
  return local.filter((c) => held.get(c.n) !== c.size);
}

/** Seconds to wait before trying again after the n-th failure in a row (1, 2, 4, … at most 15). */
export const retryDelayMs = (failures: number) => Math.min(15_000, 1_000 * 2 ** Math.max(0, failures - 1));

/** Bytes for people: "0 B", "812 B", "14.2 KB", "3.1 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Elapsed time as m:ss, or h:mm:ss past the hour. */
export function formatElapsed(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The recorder's type: Opus in WebM where the browser has it (Chromium, Firefox), else what it offers. */
export function pickAudioType(isSupported: (type: string) => boolean): string {
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'].find(isSupported) ?? '';
}

/** Slices a file into chunks of `size` bytes (the last one shorter), for an upload through the same path as recording. */
export function sliceFile(file: Blob, size: number): Blob[] {
  const parts: Blob[] = [];
  for (let start = 0; start < file.size; start += size) parts.push(file.slice(start, Math.min(file.size, start + size)));
  return parts;
}
