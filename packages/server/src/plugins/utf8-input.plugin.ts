import { badRequest } from '@caseload/core';
import type { FastifyBodyParser } from 'fastify';
import fp from 'fastify-plugin';
import { INVALID_URL_MESSAGE, hasUtf8Escapes, utf8Text } from '../http/utf8-text.ts';

/**
 * Replaces Fastify's JSON and plain-text parsers, which decode a body with replacement (invalid
 * bytes become U+FFFD and would be stored), by ones that read the bytes, refuse any that are not
 * UTF-8, and then parse as Fastify does (its JSON parser, prototype-poisoning checks included).
 * Also refuses a URL whose percent-escapes are not UTF-8. Registered before the routes, whose
 * scopes inherit the parsers (docs/api.md, "Text encoding").
 */
export const utf8InputPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    const json: FastifyBodyParser<Buffer> = (request, body, done) => parseJson(request, utf8Text(body), done);
    const text: FastifyBodyParser<Buffer> = (_request, body, done) => done(null, utf8Text(body));
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, json);
    app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, text);
    app.addHook('onRequest', (request, _reply, done) => {
      done(hasUtf8Escapes(request.url) ? undefined : badRequest(INVALID_URL_MESSAGE));
    });
  },
  { name: 'utf8-input' },
);
