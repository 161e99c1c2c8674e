import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startServer, type RunningServer } from '../src/server.ts';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as-is instead of JSON. */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

export interface TestServer {
  server: RunningServer;
  url: string;
  practiceId: string;
  /** The URL of a practice collection path: `Patients`, `Patients/123/_history`. */
  practiceUrl(pathInPractice: string): string;
  /** Calls the real server over HTTP; a path starting with `/` is absolute, otherwise practice-relative. */
  request<T = any>(method: string, pathOrUrl: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

/**
 * Starts the real Caseload server on a free port against the run's test database and provisions
 * a practice network of its own, so test files never see each other's data.
 */
export async function startTestServer(): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-test-'));
  const config = {
    ...loadConfig({}),
    port: 0,
    databaseUrl: inject('databaseUrl'),
    dataDir,
    maxContentBytes: 8 * 1024 * 1024,
  };
  const server = await startServer(config, { log: () => {} });
  const practiceId = `t-${randomUUID().slice(0, 18)}`;
  const practiceUrl = (p: string) => `${server.url}/api/v1/practices/${practiceId}/${p}`;

  async function request<T>(method: string, pathOrUrl: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const target = pathOrUrl.startsWith('http') ? pathOrUrl : pathOrUrl.startsWith('/') ? `${server.url}${pathOrUrl}` : practiceUrl(pathOrUrl);
    const headers: Record<string, string> = { ...options.headers };
    let body: BodyInit | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(target, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  const provisioned = await request('POST', `/api/v1/database/${practiceId}`);
  if (provisioned.status !== 204) throw new Error(`could not provision ${practiceId}: ${provisioned.status}`);

  return {
    server,
    url: server.url,
    practiceId,
    practiceUrl,
    request,
    async close() {
      await server.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
