import { HEADERS, type Note, type ScribeFormat, type ScribeSessionBody, type Transcription } from '@caseload/core';
import { api } from '../../../api/index.ts';
import type { TranscriptImport } from '../utils/transcript-format.ts';

/**
 * The scribe calls (docs/scribe.md), as the server's contract declares them. They are not
 * resource CRUD and need the server (a transcript is parsed there, a draft generated there), so
 * they go straight to it rather than through the write queue; screens re-read through the data
 * layer afterwards.
 */
const notesPath = (practiceId: string) => `/api/v1/practices/${encodeURIComponent(practiceId)}/Notes`;
const sessionPath = (practiceId: string, id: string) => `${notesPath(practiceId)}/${encodeURIComponent(id)}/scribe`;
/** One key per call: a retried request is answered once, never applied twice. */
const once = () => ({ headers: { [HEADERS.idempotencyKey]: crypto.randomUUID() } });

export type GeneratorChoice = 'builtin' | 'openai-chat';

export const postScribeSession = (practiceId: string, body: ScribeSessionBody) =>
  api.post<Note>(`${notesPath(practiceId)}/scribe-sessions`, body, once());

export const postTranscript = (practiceId: string, sessionId: string, body: TranscriptImport) =>
  api.post<{ session: Note; transcription: Transcription }>(`${sessionPath(practiceId, sessionId)}/transcript`, body, once());

export const postTranscribe = (practiceId: string, sessionId: string) =>
  api.post<Transcription>(`${sessionPath(practiceId, sessionId)}/transcribe`, {});

export const postGenerate = (practiceId: string, sessionId: string, body: { format?: ScribeFormat; generator?: GeneratorChoice }) =>
  api.post<{ note: Note; session: Note }>(`${sessionPath(practiceId, sessionId)}/generate`, body);

/** A Transcription read from the server (not the device's copy): polled while it is being made. */
export const getTranscription = (practiceId: string, partition: string, id: string, signal?: AbortSignal) =>
  api.get<Transcription>(`/api/v1/practices/${encodeURIComponent(practiceId)}/Transcriptions/${encodeURIComponent(id)}`, {
    headers: { [HEADERS.partitionKey]: partition },
    signal,
  });
