import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADERS, XSRF_COOKIE } from '@caseload/core';
import type { FastifySchema, RouteOptions } from 'fastify';
import { SESSION_COOKIE } from '../identity/auth.plugin.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The OpenAPI document's fixed part: what the API is, how a caller authenticates, its areas. */
export const OPENAPI_BASE = {
  openapi: '3.1.0',
  info: {
    title: 'Caseload API',
    version: '1',
    description:
      'Clinical documentation and practice management. Every call but signing in needs the session cookie, and every ' +
      `POST, PUT, PATCH and DELETE the ${XSRF_COOKIE} cookie echoed in the ${HEADERS.xsrf} header (docs/identity.md). ` +
      'Failures answer `{ title, status, detail, issues }` (docs/api.md, "Errors").',
  },
  components: {
    securitySchemes: {
      session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by signing in (POST /api/v1/auth/sign-in).' },
      xsrf: { type: 'apiKey', in: 'header', name: HEADERS.xsrf, description: `The ${XSRF_COOKIE} cookie's value, on every unsafe call.` },
    },
  },
  tags: [
    { name: 'Sessions', description: 'Signing in and out, invites and password resets (docs/identity.md).' },
    { name: 'Resources', description: 'The resource calls of every collection (docs/resources.md).' },
    { name: 'Content', description: 'Binary content of resources (docs/content.md).' },
    { name: 'Notes', description: 'Signing, amending and the note lists (docs/notes.md).' },
    { name: 'Patients', description: 'Patient merges.' },
    { name: 'Users', description: "A practice's users and their roles (docs/users-and-staff.md)." },
    { name: 'Practice', description: 'Practice networks, preferences, grant sets and the audit trail.' },
  ],
} as const;

/** What swagger's `transform` is given for each route. */
interface RouteDocument {
  schema: FastifySchema;
  url: string;
  route: RouteOptions;
}

/**
 * Per route: only the API is documented (the web client's files and this reference's own pages
 * are not calls), and each call says what it needs: the session (unless public), and the XSRF
 * header on unsafe methods, which public calls such as signing in need too.
 */
export function documentRoute({ schema, url: routeUrl, route }: RouteDocument): { schema: FastifySchema; url: string } {
  if (!routeUrl.startsWith('/api/v1/')) return { schema: { ...schema, hide: true } as FastifySchema, url: routeUrl };
  // A collection's own calls are registered as `{prefix}/`; clients call them without the slash.
  const url = routeUrl.replace(/(.)\/$/, '$1');
  const methods = ([] as string[]).concat(route.method);
  const unsafe = methods.some((m) => UNSAFE.has(m));
  const requirement: Record<string, string[]> = {};
  if (route.config?.auth !== 'public') requirement.session = [];
  if (unsafe) requirement.xsrf = [];
  return { schema: { ...schema, security: Object.keys(requirement).length ? [requirement] : [] } as FastifySchema, url };
}

type Json = unknown;

/**
 * Names each titled schema once: every schema with a `title` becomes `components.schemas.{title}`
 * and each place it appeared a `$ref` to it, so a generated client gets one `PracticeUser` type
 * rather than one per call. Two different schemas with one title are a mistake in the contract,
 * and fail here rather than give a client the wrong type.
 */
export function nameComponents<T extends object>(document: T): T & { components: { schemas: Record<string, Json> } } {
  const named = new Map<string, { json: string; schema: Json }>();
  const visit = (node: Json, root: boolean): Json => {
    if (Array.isArray(node)) return node.map((n) => visit(n, false));
    if (typeof node !== 'object' || node === null) return node;
    const entries = Object.entries(node).map(([key, value]) => [key, visit(value, false)] as const);
    const copy = Object.fromEntries(entries) as Record<string, Json>;
    const title = copy.title;
    if (root || typeof title !== 'string' || !('type' in copy || 'anyOf' in copy || 'enum' in copy)) return copy;
    const json = JSON.stringify(copy);
    const known = named.get(title);
    if (known && known.json !== json) throw new Error(`Two different schemas are titled ${title}; give one another title.`);
    named.set(title, { json, schema: copy });
    return { $ref: `#/components/schemas/${title}` };
  };
  const { components: given, ...rest } = document as T & { components?: unknown };
  const components = (given ?? {}) as { schemas?: Record<string, Json> };
  const paths = visit(rest, true) as Omit<T, 'components'>;
  const schemas: Record<string, Json> = { ...(components.schemas ?? {}) };
  for (const title of [...named.keys()].sort()) schemas[title] = named.get(title)!.schema;
  return { ...paths, components: { ...components, schemas } } as T & { components: { schemas: Record<string, Json> } };
}

/** The committed document (`npm run openapi` writes it; a test fails when it is stale). */
export const OPENAPI_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/openapi.json');

/** The document as committed: two-space JSON with a final newline, so diffs read line by line. */
export const openApiText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;
