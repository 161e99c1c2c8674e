import { ErrorBodySchema, HEADERS, MESSAGES } from '@caseload/core';
import { Type, type TSchema } from 'typebox';

/** The schema's place in the reference: swagger reads a response's description from this key. */
const DESCRIPTION = 'x-response-description';

/** A response of a route's contract: its body schema and the sentence the reference shows. */
export function answer<T extends TSchema>(schema: T, description: string, headers?: Record<string, TSchema>): T {
  return { ...schema, [DESCRIPTION]: description, ...(headers && { headers }) } as T;
}

/** A response with no body (204, 304): its handler sends nothing. */
export const noContent = (description: string, headers?: Record<string, TSchema>) =>
  answer(Type.Unsafe<undefined>(Type.Null({ description })), description, headers);

/** A response that is not JSON (a PDF, a CSV file, content bytes), for the reference. */
export const fileAnswer = (description: string, mediaTypes: readonly string[]) =>
  Type.Unsafe<unknown>({
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  });

/** Why each error status is answered (docs/api.md, "Errors"). */
const ERROR_REASONS = {
  400: 'Invalid input: `detail` says what to fix, `issues` where.',
  401: `No valid session: "${MESSAGES.unauthorized}"`,
  403: `Not permitted, or the XSRF header is missing: "${MESSAGES.forbidden}"`,
  404: `Unknown, out of reach or expired: "${MESSAGES.notFound}"`,
  405: 'The type is never deleted.',
  409: `A stale versionId: "${MESSAGES.conflict}"`,
  410: `Deleted, or merged into another patient: "${MESSAGES.gone}"`,
  413: 'The body is larger than the call accepts.',
  429: 'Too many attempts; try again after Retry-After seconds.',
  500: `A fault of ours: "${MESSAGES.otherHttp}"`,
  503: 'The database is not available or the server is shutting down; try again after Retry-After seconds.',
} as const;

export type ErrorStatus = keyof typeof ERROR_REASONS;

/**
 * The error answers of a route: the ones it names, and 500 and 503, which any call can meet.
 * Each is the one error body (core's ErrorBody), with the reason the reference shows.
 */
export function errors(...statuses: ErrorStatus[]): Record<number, typeof ErrorBodySchema> {
  const all = [...new Set<ErrorStatus>([...statuses, 500, 503])].sort((a, b) => a - b);
  return Object.fromEntries(all.map((status) => [status, answer(ErrorBodySchema, ERROR_REASONS[status])]));
}

/** A request header a route reads (docs/api.md, "Headers"); checked by http/request-headers.ts. */
const header = (description: string) => Type.Optional(Type.String({ description }));

/** The request headers of docs/api.md, "Headers", by name. */
export const REQUEST_HEADERS = {
  [HEADERS.continuationToken]: header('The page to continue from, as the previous page answered it.'),
  [HEADERS.partitionKey]: header("A patient id: only that patient's resources."),
  [HEADERS.enableCrossPartition]: header('`true` to list a patient-partitioned type across patients.'),
  [HEADERS.prefer]: header('`return=minimal`: answer 204 with only the total count.'),
  [HEADERS.securityToken]: header('Temporary patient-scoped access: `id:versionId`.'),
  [HEADERS.profile]: header('The acting profile, `resourceType/resourceId`, when the account has several.'),
  [HEADERS.idempotencyKey]: header('8 to 128 of `A-Za-z0-9._:-`: a retry with the same key and request replays the first answer.'),
  [HEADERS.ifNoneExist]: header('`field=value&field2=value`: return the live resource matching all instead of creating one.'),
  [HEADERS.timeToLive]: header('Seconds (1 to 10 years) after which the resource stops being readable.'),
  [HEADERS.noHistory]: header('`true`: write the new state without a history row.'),
  [HEADERS.automation]: header('The automated process making the write (at most 200 characters).'),
  [HEADERS.userSystem]: header('The client system the user writes from (at most 200 characters).'),
  [HEADERS.sync]: header('`true`: a write made by a sync process.'),
  [HEADERS.contentType]: header('The content type of a chunked upload, given with its commit.'),
  [HEADERS.kioskToken]: header('The token a kiosk was opened with (`POST PacketResponses/{id}/kiosk`): the kiosk calls’ only credential.'),
} as const;

type HeaderName = keyof typeof REQUEST_HEADERS;

/** The headers schema of a route that reads these headers. */
export const requestHeaders = (...names: HeaderName[]) => Type.Object(Object.fromEntries(names.map((n) => [n, REQUEST_HEADERS[n]])));

/** Headers every call in a practice reads: who acts, and under which security token. */
export const PRACTICE_HEADERS = [HEADERS.profile, HEADERS.securityToken] as const;

/** Headers of every write (docs/api.md, "Headers"). */
export const WRITE_HEADERS = [
  HEADERS.idempotencyKey,
  HEADERS.timeToLive,
  HEADERS.noHistory,
  HEADERS.automation,
  HEADERS.userSystem,
  HEADERS.sync,
] as const;

/** Response headers the reference names. */
export const RESPONSE_HEADERS = {
  continuation: {
    [HEADERS.continuationToken]: Type.String({ description: 'Present when there is a next page: send it back to get that page.' }),
  },
  totalCount: { [HEADERS.totalCount]: Type.String({ description: 'The number of matches.' }) },
};
