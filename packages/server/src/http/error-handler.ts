import { STATUS_CODES } from 'node:http';
import { HEADERS, MESSAGES, httpStatusOf, isAppError, type ErrorBody } from '@caseload/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { unavailableFor } from '../db/database-errors.ts';
import { RecordedRefusal } from '../audit/refusal.ts';
import { recordDenied } from '../audit/denied-audit.ts';

export type { ErrorBody };

/** Messages for Fastify's own 4xx errors (bad JSON, too large...), which are too technical to show. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is larger than this call accepts.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON value.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This call does not accept that content type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_ERR_BAD_URL: 'The URL is not valid.',
};

/**
 * The one place errors become HTTP answers: AppErrors by their code, Fastify's own 4xx by status,
 * the database's unavailability as a 503, anything else as a 500 that shows no stack, SQL or
 * internal message.
 */
export async function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  // A database that is gone, or past a time limit, is a 503 to try again (db/database-errors.ts).
  const unavailable = unavailableFor(error);
  if (unavailable) return handleError(unavailable, request, reply);
  let body: ErrorBody;
  if (isAppError(error)) {
    const status = httpStatusOf(error.code);
    body = { title: STATUS_CODES[status] ?? 'Error', status, detail: error.message };
    if (error.issues?.length) body.issues = error.issues;
    if (error.subStatus !== undefined) body.subStatus = error.subStatus;
    if (error.retryAfter !== undefined) reply.header(HEADERS.retryAfter, String(error.retryAfter));
    if (status >= 500) request.log.error({ err: error }, 'server error');
    // The repository records its own refusals, with the resource and patient; the rest are recorded here.
    if (status === 403 && !(error instanceof RecordedRefusal)) await recordDenied(request, error);
  } else if ('statusCode' in error && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const status = error.statusCode;
    const detail = FRAMEWORK_MESSAGES[error.code] ?? (error.validation ? error.message : (STATUS_CODES[status] ?? 'Bad request'));
    body = { title: STATUS_CODES[status] ?? 'Error', status, detail };
  } else if (isUnstorableText(error)) {
    // A backstop: text PostgreSQL cannot hold that slipped past validation is bad input, not a fault.
    body = { title: 'Bad Request', status: 400, detail: 'The request contains text that cannot be stored.' };
  } else {
    request.log.error({ err: error }, 'unhandled error');
    body = { title: 'Internal Server Error', status: 500, detail: MESSAGES.otherHttp };
  }
  reply.code(body.status).type('application/json').send(body);
}

/** PostgreSQL's "character not in repertoire" and "unsupported Unicode escape" errors. */
function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '22021' || code === '22P05';
}

export function handleNotFound(_request: FastifyRequest, reply: FastifyReply): void {
  reply.code(404).send({ title: 'Not Found', status: 404, detail: MESSAGES.notFound } satisfies ErrorBody);
}

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (headers too large, garbage):
 * answered in the same `{ title, status, detail }` shape as everything else.
 */
export function handleClientError(error: Error & { code?: string }, socket: import('node:net').Socket): void {
  if (!socket.writable) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const detail = status === 431 ? 'The request headers are larger than this server accepts.' : 'The request could not be read.';
  const body = JSON.stringify({ title: STATUS_CODES[status] ?? 'Bad Request', status, detail } satisfies ErrorBody);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
