import {
  AmendBodySchema,
  AuthorizationUsageAnswerSchema,
  AuthorizationUsageQuerySchema,
  CoSignBodySchema,
  CoSignQueuePageSchema,
  EnteredInErrorBodySchema,
  GroupSessionAnswerSchema,
  GroupSessionBodySchema,
  HEADERS,
  IdSchema,
  NotePageQuerySchema,
  PracticeIdSchema,
  SharedSectionsAnswerSchema,
  SharedSectionsBodySchema,
  SignAnswerSchema,
  SignBodySchema,
  UnsignedNotesPageSchema,
  resourceSchema,
  type Note,
} from '@caseload/core';
import { Type } from 'typebox';
import { PRACTICE_HEADERS, answer, errors, fileAnswer, requestHeaders } from '../http/route-schemas.ts';

const tags = ['Notes'];
const practice = Type.Object({ practiceId: PracticeIdSchema });
const note = Type.Object({ practiceId: PracticeIdSchema, id: IdSchema });
const headers = requestHeaders(...PRACTICE_HEADERS);
const writeHeaders = requestHeaders(...PRACTICE_HEADERS, HEADERS.idempotencyKey);
const listHeaders = requestHeaders(...PRACTICE_HEADERS, HEADERS.continuationToken);
const NoteSchema = resourceSchema<Note>('Note');
/** What every note workflow call can be refused with; a stale versionId is a 409. */
const WORKFLOW_ERRORS = errors(400, 401, 403, 404, 409, 410);

/** The note calls (docs/notes.md, docs/api.md "Note calls"). */
export const NOTE_SCHEMAS = {
  sign: {
    operationId: 'signNote',
    summary: 'Sign a note as its author',
    tags,
    params: note,
    headers: writeHeaders,
    body: SignBodySchema,
    response: { 200: answer(SignAnswerSchema, 'Signed: the note, and the warnings it was signed with.'), ...WORKFLOW_ERRORS },
  },
  coSign: {
    operationId: 'coSignNote',
    summary: 'Co-sign a note as a listed supervisor',
    tags,
    params: note,
    headers: writeHeaders,
    body: CoSignBodySchema,
    response: { 200: answer(SignAnswerSchema, 'Co-signed: the note is Final.'), ...WORKFLOW_ERRORS },
  },
  amend: {
    operationId: 'amendNote',
    summary: 'Amend a signed note',
    tags,
    params: note,
    headers: writeHeaders,
    body: AmendBodySchema,
    response: { 200: answer(NoteSchema, 'The Amended note.'), ...WORKFLOW_ERRORS },
  },
  enteredInError: {
    operationId: 'markNoteEnteredInError',
    summary: 'Mark a note entered in error',
    tags,
    params: note,
    headers: writeHeaders,
    body: EnteredInErrorBodySchema,
    response: { 200: answer(NoteSchema, 'The note, EnteredInError.'), ...WORKFLOW_ERRORS },
  },
  groupSession: {
    operationId: 'createGroupSession',
    summary: "Create a group session: each attendee's encounter and note",
    tags,
    params: practice,
    headers: writeHeaders,
    body: GroupSessionBodySchema,
    response: { 201: answer(GroupSessionAnswerSchema, 'Created.'), ...errors(400, 401, 403, 404, 410) },
  },
  sharedSections: {
    operationId: 'updateGroupSharedSections',
    summary: 'Rewrite the shared sections of a group session’s unsigned notes',
    tags,
    params: note,
    headers: writeHeaders,
    body: SharedSectionsBodySchema,
    response: { 200: answer(SharedSectionsAnswerSchema, 'The notes rewritten and the signed ones skipped.'), ...WORKFLOW_ERRORS },
  },
  unsigned: {
    operationId: 'listMyUnsignedNotes',
    summary: "The caller's unsigned notes, oldest session first",
    tags,
    params: practice,
    querystring: NotePageQuerySchema,
    headers: listHeaders,
    response: { 200: answer(UnsignedNotesPageSchema, 'A page of notes, each with its signing deadline.'), ...errors(400, 401, 403, 404) },
  },
  coSignQueue: {
    operationId: 'listCoSignQueue',
    summary: 'Notes whose co-signature the caller may give, oldest session first',
    tags,
    params: practice,
    querystring: NotePageQuerySchema,
    headers: listHeaders,
    response: { 200: answer(CoSignQueuePageSchema, 'A page of notes.'), ...errors(400, 401, 403, 404) },
  },
  authorizationUsage: {
    operationId: 'readAuthorizationUsage',
    summary: "A patient's authorisations and what their signed notes used",
    tags,
    params: practice,
    querystring: AuthorizationUsageQuerySchema,
    headers,
    response: { 200: answer(AuthorizationUsageAnswerSchema, 'The balances.'), ...errors(400, 401, 403, 404) },
  },
  printout: {
    operationId: 'printNote',
    summary: 'The note as a PDF (audited as an export)',
    tags,
    params: note,
    headers,
    response: { 200: fileAnswer('The printout.', ['application/pdf']), ...errors(401, 403, 404, 410) },
  },
};
