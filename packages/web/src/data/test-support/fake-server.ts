import { applyResourcePatch, type Resource } from '@caseload/core';
import { ApiClient } from '../../api/index.ts';

/** One request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * What an interceptor may answer instead of the server: a status (with headers and body), no
 * answer at all (`network`), or the server's work done but its answer lost on the way (`lost`).
 */
export type Interception = { status: number; headers?: Record<string, string>; body?: unknown } | 'network' | 'lost' | undefined;

const json = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const problem = (status: number, detail: string, extra: Record<string, unknown> = {}) =>
  json(status, { title: `HTTP ${status}`, status, detail, ...extra });

/**
 * A small in-memory stand-in for the resource server, for unit tests of the data layer: the calls
 * of docs/api.md it uses (list and query with continuation tokens, read, PUT upsert, PATCH with
 * versionId, DELETE, content upload, SecurityTokens) with their version checks (409), creates
 * under a client id, and idempotency keys replayed per key. Not the real server: the e2e tests
 * run the client against that.
 */
export class FakeServer {
  readonly resources = new Map<string, Resource>();
  readonly requests: SeenRequest[] = [];
  /** Answers a request before the server does; undefined lets it through. */
  intercept: (request: SeenRequest) => Interception = () => undefined;
  /** Holds a request before it is handled (a slow server), when it answers a promise. */
  delay: (request: SeenRequest) => Promise<void> | undefined = () => undefined;
  /** The most requests that were being handled at once. */
  maxConcurrent = 0;
  private concurrent = 0;
  private version = 0;
  private readonly replays = new Map<string, { hash: string; response: { status: number; body: unknown } }>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** An ApiClient whose fetch is this server. */
  client(): ApiClient {
    return new ApiClient({ fetch: (input, init) => this.fetch(String(input), init ?? {}), cookies: () => 'XSRF-TOKEN=x' });
  }

  /** Puts a resource in place, as if another user had written it. */
  seed(collection: string, resource: Omit<Resource, 'meta'> & { meta?: Resource['meta'] }): Resource {
    const stored = { ...resource, meta: { versionId: this.nextVersion(), lastModified: new Date(this.clock()).toISOString() } } as Resource;
    this.resources.set(`${collection}/${resource.id}`, stored);
    return stored;
  }

  get(collection: string, id: string): Resource | undefined {
    return this.resources.get(`${collection}/${id}`);
  }

  /** The writes (not reads) seen, as `METHOD path`. */
  writes(): string[] {
    return this.requests.filter((r) => r.method !== 'GET' && !r.path.endsWith('/queries')).map((r) => `${r.method} ${r.path}`);
  }

  private nextVersion() {
    return `v${++this.version}`;
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    const parsed = new URL(url, 'http://test');
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const raw = init.body;
    const body = typeof raw === 'string' && raw ? JSON.parse(raw) : raw;
    const request: SeenRequest = { method: init.method ?? 'GET', path: parsed.pathname, query: parsed.searchParams, headers, body };
    if (request.path === '/api/v1/auth/session') return json(204);
    this.requests.push(request);
    this.maxConcurrent = Math.max(this.maxConcurrent, ++this.concurrent);
    try {
      return await this.answer(request, headers, raw, parsed);
    } finally {
      this.concurrent--;
    }
  }

  private async answer(request: SeenRequest, headers: Record<string, string>, raw: unknown, parsed: URL): Promise<Response> {
    await this.delay(request);
    const intercepted = this.intercept(request);
    if (intercepted === 'network') throw new TypeError('fetch failed');
    if (intercepted === 'lost') {
      await this.handle(request, headers, raw, parsed);
      throw new TypeError('network connection was lost');
    }
    if (intercepted)
      return json(
        intercepted.status,
        intercepted.body ?? { title: 'x', status: intercepted.status, detail: `Answered ${intercepted.status}.` },
        intercepted.headers,
      );
    return this.handle(request, headers, raw, parsed);
  }

  private async handle(request: SeenRequest, headers: Record<string, string>, raw: unknown, parsed: URL): Promise<Response> {
    const key = headers['idempotency-key'];
    if (!key) return this.route(request);
    const hash = `${request.method} ${parsed.pathname}${parsed.search}\n${typeof raw === 'string' ? raw : ''}`;
    const earlier = this.replays.get(key);
    if (earlier)
      return earlier.hash === hash
        ? json(earlier.response.status, earlier.response.body)
        : problem(400, 'This Idempotency-Key was already used for a different request.');
    const response = await this.route(request);
    if (response.status < 300) {
      const text = await response.clone().text();
      this.replays.set(key, { hash, response: { status: response.status, body: text ? JSON.parse(text) : undefined } });
    }
    return response;
  }

  private route(r: SeenRequest): Response {
    const m = /^\/api\/v1\/(?:practices\/[^/]+\/)?([A-Za-z]+)(?:\/([^/]+))?(?:\/(queries|content|_history))?(?:\/([^/]+))?$/.exec(r.path);
    if (!m) return problem(404, 'The requested data was not found.');
    const [, collection, id, action, extra] = m as unknown as [string, string, string | undefined, string | undefined, string | undefined];
    if (!id) return r.method === 'POST' ? this.create(collection, r) : this.list(collection, r, []);
    if (id === 'queries') return this.list(collection, r, r.body as { field: string; op: string; value: unknown }[]);
    const key = `${collection}/${id}`;
    const current = this.resources.get(key);
    if (action === '_history')
      return current && current.meta.versionId === extra ? json(200, current) : problem(404, 'The requested data was not found.');
    if (action === 'content') return this.upload(key, current, r);
    switch (r.method) {
      case 'GET':
        if (!current) return problem(404, 'The requested data was not found.');
        return current.meta.isDeleted ? problem(410, 'The requested data was deleted or is no longer accessible.') : json(200, current);
      case 'PUT':
        return this.put(collection, key, current, r);
      case 'PATCH': {
        const stale = this.checkVersion(current, r.query.get('versionId'));
        if (stale) return stale;
        return this.write(key, applyResourcePatch(current!, r.body), 200);
      }
      case 'DELETE': {
        const stale = this.checkVersion(current, r.query.get('versionId'));
        if (stale) return stale;
        // Stored as a new version; answered 204 with no body (a body on a 204 is not a response).
        this.write(key, { ...current!, meta: { ...current!.meta, isDeleted: true } }, 200);
        return new Response(null, { status: 204 });
      }
      default:
        return problem(405, 'No.');
    }
  }

  private checkVersion(current: Resource | undefined, versionId: string | null): Response | undefined {
    if (!current) return problem(404, 'The requested data was not found.');
    if (current.meta.isDeleted) return problem(410, 'The requested data was deleted or is no longer accessible.');
    if (current.meta.versionId !== versionId) return problem(409, 'Your changes conflict with those made concurrently by another user.');
    return undefined;
  }

  private put(collection: string, key: string, current: Resource | undefined, r: SeenRequest): Response {
    const versionId = r.query.get('versionId');
    if (!current) {
      if (versionId) return problem(404, 'The requested data was not found.');
      return this.write(key, { ...(r.body as Resource), resourceType: (r.body as Resource).resourceType ?? collection }, 201);
    }
    const stale = this.checkVersion(current, versionId);
    return stale ?? this.write(key, r.body as Resource, 200);
  }

  private create(collection: string, r: SeenRequest): Response {
    const id = `srv-${this.version + 1}`;
    const body = r.body as Resource;
    const extra = collection === 'SecurityTokens' ? { expiration: new Date(this.clock() + 86_400_000).toISOString() } : {};
    return this.write(`${collection}/${id}`, { ...body, ...extra, id }, 201);
  }

  private upload(key: string, current: Resource | undefined, r: SeenRequest): Response {
    if (!current) return problem(404, 'The requested data was not found.');
    const blob = r.body as Blob;
    return this.write(key, { ...current, content: { contentType: r.headers['content-type'] ?? '', hash: 'h', size: blob.size } }, 200);
  }

  private write(key: string, resource: Resource, status: number): Response {
    const previous = this.resources.get(key);
    const stored = {
      ...resource,
      ...(key.startsWith('SecurityTokens/') && previous ? { expiration: (previous as { expiration?: string }).expiration } : {}),
      meta: { ...resource.meta, versionId: this.nextVersion(), lastModified: new Date(this.clock()).toISOString() },
    } as Resource;
    if (resource.meta?.isDeleted) stored.meta.isDeleted = true;
    else delete stored.meta.isDeleted;
    this.resources.set(key, stored);
    return json(status, stored);
  }

  private list(collection: string, r: SeenRequest, filters: { field: string; op: string; value: unknown }[]): Response {
    const all = [...this.resources.entries()]
      .filter(([k, v]) => k.startsWith(`${collection}/`) && !v.meta.isDeleted)
      .map(([, v]) => v)
      .filter((v) =>
        filters.every((f) => (f.op === 'in' ? (f.value as unknown[]).includes(pathValue(v, f.field)) : pathValue(v, f.field) === f.value)),
      )
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    const pageSize = Number(r.query.get('pageSize') ?? 100);
    const start = Number(r.headers['x-continuation-token'] ?? 0);
    const page = all.slice(start, start + pageSize);
    const next = start + pageSize < all.length ? { 'x-continuation-token': String(start + pageSize) } : undefined;
    return json(200, page, next);
  }
}

function pathValue(resource: Resource, field: string): unknown {
  return field.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], resource);
}
