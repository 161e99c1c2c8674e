import { AppError, ErrorCodes, badRequest } from '@caseload/core';

/** Validation of what a content call reads from its URL and headers; each failure is a clear 400. */

/** Largest thumbnail edge, in pixels. */
export const MAX_THUMBNAIL_SIZE = 1024;

/** Chunk numbers run from 0 to this; a larger upload should use larger chunks. */
export const MAX_CHUNK_NUMBER = 9_999;

/** What a malformed Content-Type (or x-content-type) is told. */
export const MEDIA_TYPE_MESSAGE = 'The content type must be a media type such as image/png or application/pdf.';

const MEDIA_TYPE = /^[A-Za-z0-9!#$&^_.+-]{1,127}\/[A-Za-z0-9!#$&^_.+-]{1,127}(\s*;.*)?$/;

/**
 * The content type to record for an upload. A missing header means opaque bytes; a malformed one
 * is refused rather than stored, since downloads answer with it.
 */
export function contentTypeOf(header: string | undefined): string {
  const value = header?.trim();
  if (value === undefined || value === '') return 'application/octet-stream';
  if (value.length > 255 || !MEDIA_TYPE.test(value)) {
    throw badRequest(MEDIA_TYPE_MESSAGE);
  }
  return value;
}

/** `image/PNG; q=1` → `image/png`: the part that says what the bytes are. */
export function mediaTypeEssence(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/** `?thumbnail=` → the edge in pixels, or undefined for the original. */
export function thumbnailSizeOf(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= MAX_THUMBNAIL_SIZE)) {
    throw badRequest(`thumbnail must be a whole number of pixels from 1 to ${MAX_THUMBNAIL_SIZE}.`);
  }
  return n;
}

/** The `{n}` of `content/chunks/{n}`. */
export function chunkNumberOf(value: string): number {
  const n = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 0 && n <= MAX_CHUNK_NUMBER)) {
    throw badRequest(`A chunk number is a whole number from 0 to ${MAX_CHUNK_NUMBER}.`);
  }
  return n;
}

/** `?purge=true`, `?base64=true`: only `true` and `false` mean something; anything else is a 400. */
export function queryFlag(value: unknown, name: string): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw badRequest(`${name} must be true or false.`);
}

/** The bytes of an upload; an absent or empty body is a 400, not an empty file. */
export function uploadBytes(body: unknown): Buffer {
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw badRequest('The request body is empty; send the bytes of the content.');
  }
  return body;
}

/** The 413 every content call answers when bytes, whole or assembled, pass the limit. */
export function contentTooLarge(maxContentBytes: number, what = 'The content'): AppError {
  return new AppError(ErrorCodes.PayloadTooLarge, `${what} is larger than the ${formatBytes(maxContentBytes)} this server accepts.`);
}

/** `8388608` → `8 MiB` (the limit shows in messages, so it should read well). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1 && value % 1024 === 0) {
    value /= 1024;
    unit += 1;
  }
  return `${value} ${units[unit]}`;
}
