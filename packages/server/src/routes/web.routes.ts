import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');

/** Serves the web client's page at `/` (a minimal page until the web platform lands). */
export async function webRoutes(app: FastifyInstance): Promise<void> {
  app.get('/', { config: { auth: 'public' } }, async (_request, reply) => {
    const html = await fs.readFile(path.join(WEB_ROOT, 'index.html'), 'utf8');
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
