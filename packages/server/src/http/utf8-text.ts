import { isUtf8 } from 'node:buffer';
import { badRequest } from '@caseload/core';

/**
 * Text a client sends is UTF-8 or refused (docs/api.md, "Text encoding"). Node would otherwise
 * decode invalid bytes in a body to U+FFFD, header values as Latin-1, and fast-querystring keeps
 * an undecodable `%FF` as those three characters: in each case the server would store text the
 * client never sent and answer as if all were well.
 */

const INVALID_BODY_MESSAGE = 'The request body is not valid UTF-8 text.';
export const INVALID_URL_MESSAGE = 'The URL is not valid UTF-8 once percent-decoded.';

/** The body's bytes as text; a 400 when they are not UTF-8 (checked whole, before any decoding). */
export function utf8Text(bytes: Buffer): string {
  if (!isUtf8(bytes)) throw badRequest(INVALID_BODY_MESSAGE);
  return bytes.toString('utf8');
}

// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * A header value as the text its sender wrote. Node hands header values over as Latin-1 (one
 * character per byte); bytes beyond ASCII are read back and decoded as UTF-8, or refused.
 */
export function utf8HeaderValue(value: string, name: string): string {
  if (!NON_ASCII.test(value)) return value;
  const bytes = Buffer.from(value, 'latin1');
  if (!isUtf8(bytes)) throw badRequest(`The ${name} header is not valid UTF-8.`);
  return bytes.toString('utf8');
}

// Node refuses raw bytes beyond ASCII in a request target, so only percent-escapes of such bytes
// can spell invalid UTF-8; a URL without one needs nothing more than this test.
const HIGH_ESCAPE = /%[89a-fA-F][0-9a-fA-F]/;
const ESCAPE = /%([0-9a-fA-F]{2})/g;

/** Whether the URL's percent-escapes, decoded to bytes, make UTF-8 (a stray `%` is left as it is). */
export function hasUtf8Escapes(url: string): boolean {
  if (!HIGH_ESCAPE.test(url)) return true;
  const decoded = url.replace(ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return isUtf8(Buffer.from(decoded, 'latin1'));
}
