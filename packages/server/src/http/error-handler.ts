import { STATUS_CODES } from 'node:http';
import { HEADERS, MESSAGES, httpStatusOf, isAppError, type Issue } from '@caseload/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** The error body every failed call answers with. */
export interface ErrorBody {
  title: string;
  status: number;
  detail: string;
  issues?: Issue[];
  subStatus?: number;
}

/** Messages for Fastify's own 4xx errors (bad JSON, too large...), which are too technical to show. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is larger than this call accepts.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON value.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This call does not accept that content type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

/**
 * The one place errors become HTTP answers: AppErrors by their code, Fastify's own 4xx by status,
 * anything else as a 500 that shows no stack, SQL or internal message.
 */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  let body: ErrorBody;
  if (isAppError(error)) {
    const status = httpStatusOf(error.code);
    body = { title: STATUS_CODES[status] ?? 'Error', status, detail: error.message };
    if (error.issues?.length) body.issues = error.issues;
    if (error.subStatus !== undefined) body.subStatus = error.subStatus;
    if (error.retryAfter !== undefined) reply.header(HEADERS.retryAfter, String(error.retryAfter));
    if (status >= 500) request.log.error({ err: error }, 'server error');
  } else if ('statusCode' in error && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const status = error.statusCode;
    const detail = FRAMEWORK_MESSAGES[error.code] ?? (error.validation ? error.message : STATUS_CODES[status] ?? 'Bad request');
    body = { title: STATUS_CODES[status] ?? 'Error', status, detail };
  } else {
    request.log.error({ err: error }, 'unhandled error');
    body = { title: 'Internal Server Error', status: 500, detail: MESSAGES.otherHttp };
  }
  reply.code(body.status).type('application/json').send(body);
}

export function handleNotFound(_request: FastifyRequest, reply: FastifyReply): void {
  reply.code(404).send({ title: 'Not Found', status: 404, detail: MESSAGES.notFound } satisfies ErrorBody);
}
