import type { Transcription } from '@caseload/core';
import { api } from '../../../api/index.ts';
import { resourcePath } from '../../../data/paths.ts';

/** What a recording holds: the session's conversation, or the clinician's own dictation (docs/scribe.md). */
export type RecordingPurpose = 'session' | 'dictation';

/** The Media the server made for a recording; its audio goes through the content chunk calls. */
export interface RecordingMedia {
  id: string;
  content?: { size?: number; contentType?: string };
}

/** The chunks the server holds for an upload not yet committed (docs/content.md). */
export interface StagedChunks {
  chunks: { n: number; size: number }[];
  totalSize: number;
}

const notePath = (practiceId: string, sessionId: string) => resourcePath('Notes', practiceId, sessionId);
const mediaPath = (practiceId: string, mediaId: string) => resourcePath('Media', practiceId, mediaId);

/**
 * The capture's calls, one function each; the sender (utils/chunk-sender.ts) takes them as an
 * object so its unit tests can answer in their place.
 */
export const captureApi = {
  /**
   * `POST Notes/{id}/scribe/recordings`: the server checks consent (and dictation-only) here,
   * before any byte. `key` is the local recording's id as the Idempotency-Key, so a retry after a
   * dropped answer gets the same Media, not a second one.
   */
  createRecording: (practiceId: string, sessionId: string, purpose: RecordingPurpose, key: string) =>
    api.post<RecordingMedia>(`${notePath(practiceId, sessionId)}/scribe/recordings`, { purpose }, { headers: { 'idempotency-key': key } }),

  /** `POST Media/{id}/content/chunks/{n}`: sending chunk n again replaces it. */
  sendChunk: (practiceId: string, mediaId: string, n: number, blob: Blob, contentType: string) =>
    api.post<StagedChunks>(`${mediaPath(practiceId, mediaId)}/content/chunks/${n}`, undefined, {
      rawBody: blob,
      headers: { 'content-type': contentType },
    }),

  /** `GET Media/{id}/content/chunks`: what the server holds, to resend what it lost. */
  stagedChunks: (practiceId: string, mediaId: string) => api.get<StagedChunks>(`${mediaPath(practiceId, mediaId)}/content/chunks`),

  /** `POST Media/{id}/content/chunks` (empty body): the chunks become the Media's content. */
  commit: (practiceId: string, mediaId: string, contentType: string) =>
    api.post<RecordingMedia>(`${mediaPath(practiceId, mediaId)}/content/chunks`, undefined, {
      headers: { 'x-content-type': contentType, 'idempotency-key': `commit-${mediaId}` },
    }),

  /** `GET Media/{id}`: after a commit whose answer was lost, whether the content landed. */
  readMedia: (practiceId: string, mediaId: string) => api.get<RecordingMedia>(mediaPath(practiceId, mediaId)),

  /** `POST Notes/{id}/scribe/transcribe`: 202 with a Transcription in Preparation; poll it. */
  transcribe: (practiceId: string, sessionId: string, mediaId?: string) =>
    api.post<Transcription>(`${notePath(practiceId, sessionId)}/scribe/transcribe`, mediaId ? { media: mediaId } : {}),

  readTranscription: (practiceId: string, id: string) => api.get<Transcription>(resourcePath('Transcriptions', practiceId, id)),
};

export type CaptureApi = typeof captureApi;
