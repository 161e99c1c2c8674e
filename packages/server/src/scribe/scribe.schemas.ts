import {
  DraftAnswerSchema,
  GenerateBodySchema,
  HEADERS,
  IdSchema,
  PracticeIdSchema,
  RecordingBodySchema,
  ScribeMediaSchema,
  ScribeNoteSchema,
  ScribeSessionBodySchema,
  ScribeTranscriptionSchema,
  TranscribeBodySchema,
  TranscriptImportAnswerSchema,
  TranscriptImportBodySchema,
} from '@caseload/core';
import { Type } from 'typebox';
import { PRACTICE_HEADERS, answer, errors, requestHeaders } from '../http/route-schemas.ts';

const tags = ['Scribe'];
const practice = Type.Object({ practiceId: PracticeIdSchema });
const session = Type.Object({ practiceId: PracticeIdSchema, id: IdSchema });
const headers = requestHeaders(...PRACTICE_HEADERS);
const writeHeaders = requestHeaders(...PRACTICE_HEADERS, HEADERS.idempotencyKey);
const CALL_ERRORS = errors(400, 401, 403, 404, 409, 410);

/** The scribe calls (docs/scribe.md). */
export const SCRIBE_SCHEMAS = {
  create: {
    operationId: 'createScribeSession',
    summary: 'Start a scribe session (a Note of kind ScribeSession) on an encounter or appointment',
    tags,
    params: practice,
    headers: writeHeaders,
    body: ScribeSessionBodySchema,
    response: { 201: answer(ScribeNoteSchema, 'The session.'), ...CALL_ERRORS },
  },
  importTranscript: {
    operationId: 'importScribeTranscript',
    summary: "Import a WebVTT, SRT or speaker-labelled text transcript as the session's Transcription",
    tags,
    params: session,
    headers: writeHeaders,
    body: TranscriptImportBodySchema,
    response: { 200: answer(TranscriptImportAnswerSchema, 'The session and its new Transcription.'), ...CALL_ERRORS },
  },
  addRecording: {
    operationId: 'addScribeRecording',
    summary: 'Add a recording (a Media) to the session; its audio is sent through the content calls',
    tags,
    params: session,
    headers: writeHeaders,
    body: RecordingBodySchema,
    response: { 201: answer(ScribeMediaSchema, 'The Media to send the audio to.'), ...CALL_ERRORS },
  },
  transcribe: {
    operationId: 'transcribeScribeRecording',
    summary: "Transcribe the session's recording off the request path; poll the Transcription",
    tags,
    params: session,
    headers,
    body: TranscribeBodySchema,
    response: { 202: answer(ScribeTranscriptionSchema, 'The Transcription, in Preparation.'), ...CALL_ERRORS, ...errors(503) },
  },
  generate: {
    operationId: 'generateScribeNote',
    summary: "Draft the session's note in the chosen format, every sentence linked to its evidence",
    tags,
    params: session,
    headers,
    body: GenerateBodySchema,
    response: { 201: answer(DraftAnswerSchema, 'The draft note and the session linking it.'), ...CALL_ERRORS, ...errors(503) },
  },
};
