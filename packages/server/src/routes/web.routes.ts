import { createReadStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pickVariant } from '@caseload/core';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HintedPages, type HintedPage } from './page-hints.ts';

/**
 * packages/web's build output (`npm run build:web`). `CASELOAD_WEB_DIST` points elsewhere, so
 * several browser-test runs on one machine can each build and serve their own copy.
 */
export const WEB_DIST = path.resolve(
  process.env.CASELOAD_WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist'),
);

export interface WebRoutesOptions {
  /** The built client to serve; packages/web/dist by default. */
  root?: string;
}

/** Hashed file names never change content: cache them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files of public/ (favicon, the legacy notice): an hour. */
const SHORT = 'public, max-age=3600';
/** The page itself is checked every time, so a new build is picked up on the next load. */
const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Pre-compressed siblings the build writes (`x.js.br`, `x.js.gz`), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The page's policy: scripts and connections only from this origin, nothing may frame it. Styles
 * allow inline because Mantine writes its theme variables in a style element.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caseload: web client not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>The web client has not been built</h1>
<p>The API is running at <code>/api/v1</code>, but <code>packages/web/dist</code> is missing.
Build the web client, then reload this page:</p>
<pre style="background: #f1f3f5; padding: 0.75rem 1rem; border-radius: 6px">npm run build:web</pre>
<p><code>npm start</code> builds it when it is missing or out of date.</p>
</body></html>
`;

interface Found {
  file: string;
  stats: Stats;
}

/** A regular file at `relative` inside `root`; never anything outside it. */
async function findFile(root: string, relative: string): Promise<Found | undefined> {
  if (relative.includes('\0')) return undefined;
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return undefined;
  const stats = await fs.stat(file).catch(() => undefined);
  return stats?.isFile() ? { file, stats } : undefined;
}

/** The encodings the request accepts (`q=0` refuses one). */
function acceptedEncodings(request: FastifyRequest): Set<string> {
  const header = request.headers['accept-encoding'];
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) accepted.add(name);
  }
  return accepted;
}

const etagOf = (stats: Stats) => `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;

/** Streams a file with its type, caching, validator and, when the build made one, a compressed copy. */
async function sendFile(request: FastifyRequest, reply: FastifyReply, found: Found, cacheControl: string) {
  const type = TYPES[path.extname(found.file).toLowerCase()] ?? 'application/octet-stream';
  const etag = etagOf(found.stats);
  reply.header('content-type', type).header('cache-control', cacheControl).header('etag', etag).header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();

  let body = found;
  const accepted = acceptedEncodings(request);
  for (const encoding of ENCODINGS) {
    if (!accepted.has(encoding.name)) continue;
    const stats = await fs.stat(found.file + encoding.suffix).catch(() => undefined);
    if (stats?.isFile()) {
      body = { file: found.file + encoding.suffix, stats };
      reply.header('content-encoding', encoding.name);
      break;
    }
  }
  reply.header('vary', 'accept-encoding').header('content-length', body.stats.size);
  return reply.send(createReadStream(body.file));
}

/**
 * Sends a hinted version of the page (page-hints.ts), compressed when the browser accepts it. It
 * depends on the request's User-Agent and session cookie, which `vary` tells every cache.
 */
function sendHintedPage(request: FastifyRequest, reply: FastifyReply, page: HintedPage) {
  reply
    .header('content-type', TYPES['.html']!)
    .header('cache-control', REVALIDATE)
    .header('etag', page.etag)
    .header('vary', 'accept-encoding, cookie, user-agent');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const accepted = acceptedEncodings(request);
  const encoding = ENCODINGS.find((e) => accepted.has(e.name))?.name;
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body;
  if (encoding) reply.header('content-encoding', encoding);
  return reply.header('content-length', body.length).send(body);
}

/**
 * Serves the built web client on the API's own origin: hashed assets with long cache headers, and
 * the app's page (index.html, never cached) for every other GET that is not the API, so the
 * client's own router decides what a path shows. A missing asset is a 404, not the page: a page
 * from an older build must see its chunk fail (the stale-build screen), not get HTML for script.
 */
export async function webRoutes(instance: FastifyInstance, options: WebRoutesOptions = {}): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const root = path.resolve(options.root ?? WEB_DIST);
  // The web client's files are not API calls: left out of the API reference.
  const open = { config: { auth: 'public' as const }, schema: { hide: true, params: Type.Object({ '*': Type.String() }) } };
  const pages = new HintedPages(root);

  app.get('/assets/*', open, async (request, reply) => {
    const found = await findFile(root, path.posix.join('assets', request.params['*']));
    if (!found) return reply.callNotFound();
    return sendFile(request, reply, found, IMMUTABLE);
  });

  app.get('/*', open, async (request, reply) => {
    const rest = request.params['*'];
    if (rest === 'api' || rest.startsWith('api/')) return reply.callNotFound();
    if (rest && !rest.includes('/') && rest !== 'index.html') {
      const found = await findFile(root, rest);
      if (found) return sendFile(request, reply, found, SHORT);
    }
    // A file name that is not there is a missing file, not a page of the app.
    if (path.posix.extname(rest) && rest !== 'index.html') return reply.callNotFound();
    const page = await findFile(root, 'index.html');
    reply.headers(PAGE_HEADERS);
    if (!page) return reply.code(503).type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(NOT_BUILT);
    // The auth plugin has looked the session cookie up (and checked its idle time) for this very
    // request: a forged, ended or expired cookie leaves no identity, so it gets no shell hints.
    const hinted = await pages.page(page, {
      variant: pickVariant(request.headers['user-agent'] ?? ''),
      signedIn: request.identity !== null,
    });
    if (!hinted) return sendFile(request, reply, page, REVALIDATE);
    return sendHintedPage(request, reply, hinted);
  });
}
