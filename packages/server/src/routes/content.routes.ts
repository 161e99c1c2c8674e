import type { FastifyInstance } from 'fastify';

/** Content upload and download (SPEC.md section 7). */
export async function contentRoutes(_app: FastifyInstance): Promise<void> {}
