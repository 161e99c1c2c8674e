import { HEADERS, XSRF_COOKIE } from '@caseload/core';
import { ApiError, NetworkError, type ErrorBody } from './api-error.ts';
import { readCookie } from './cookies.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Sent as it is, instead of `body` (content uploads: a Blob or bytes). Its type goes in
   * `headers['content-type']`.
   */
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A 401 is an expected answer of this call (a wrong password at sign-in), not a session that
   * expired, so the unauthorized listeners are not told.
   */
  expectUnauthorized?: boolean;
}

/** A file `download` read to its end. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, when the server named the file. */
  fileName?: string;
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined for an empty body (204). */
  body: T;
}

export interface ApiClientOptions {
  /** Prefix for relative paths; '' means the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The page's cookies (document.cookie), read on each unsafe call. */
  cookies?: () => string;
}

/** What a header source is told about the request it may add headers to. */
export interface OutgoingRequest {
  method: HttpMethod;
  path: string;
}

/** Adds headers to requests (the security token, the acting profile); undefined adds none. */
export type HeaderSource = (request: OutgoingRequest) => Record<string, string> | undefined;

/** How a request ended, told to the settled listeners after every call. */
export interface SettledRequest extends OutgoingRequest {
  /** The headers that were sent, sources included. */
  headers: Record<string, string>;
  /** The answer's status; undefined when no answer came (then `error` is a NetworkError). */
  status?: number;
  error?: ApiError | NetworkError;
  /** The call said a 401 is an expected answer (a wrong password), not an expired session. */
  expectUnauthorized: boolean;
}

const UNSAFE = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The only way screens talk to the server. JSON in and out, cookies sent, the XSRF-TOKEN cookie
 * echoed in X-XSRF-TOKEN on unsafe methods, success 200-299 and no timeout (SPEC.md section 7);
 * anything else is thrown as an ApiError carrying the server's `{ title, status, detail, issues }`.
 * A 401 also tells the unauthorized listeners, which is how the session-expired dialog appears.
 */
export class ApiClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly cookies: () => string;
  private readonly unauthorizedListeners = new Set<(error: ApiError) => void>();
  private readonly settledListeners = new Set<(event: SettledRequest) => void>();
  private readonly headerSources = new Set<HeaderSource>();

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = options.baseUrl ?? '';
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.cookies = options.cookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));
  }

  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.send<T>('GET', path, options).then((r) => r.body);
  }
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.send<T>('POST', path, { ...options, body }).then((r) => r.body);
  }
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.send<T>('PUT', path, { ...options, body }).then((r) => r.body);
  }
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.send<T>('PATCH', path, { ...options, body }).then((r) => r.body);
  }
  delete<T = undefined>(path: string, options?: RequestOptions): Promise<T> {
    return this.send<T>('DELETE', path, options).then((r) => r.body);
  }

  /** Calls `listener` on every 401 not marked expected; returns the unsubscribe function. */
  onUnauthorized(listener: (error: ApiError) => void): () => void {
    this.unauthorizedListeners.add(listener);
    return () => this.unauthorizedListeners.delete(listener);
  }

  /**
   * Adds `source`'s headers to every later request (the call's own headers win); returns the
   * remove function. Sources are asked just before each request, so an expired security token is
   * dropped before it is sent.
   */
  addHeaderSource(source: HeaderSource): () => void {
    this.headerSources.add(source);
    return () => this.headerSources.delete(source);
  }

  /**
   * Calls `listener` when each request ends, answered (any status) or not (a NetworkError); returns
   * the unsubscribe function. Aborted requests are not reported. This is how the data layer learns
   * that the connection dropped or came back, and that the server refused a security token.
   */
  onSettled(listener: (event: SettledRequest) => void): () => void {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
  }

  /** The full answer (status and headers too), for calls that read headers. */
  async send<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const { response, body: text } = await this.exchange(method, path, options, (r) => r.text());
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /**
   * A file the server streams (an export), read to its end into a Blob, with the bytes received
   * so far told to `onProgress` as they arrive. Sent and refused like `send`; a connection that
   * drops before the end is a NetworkError, never a short file. The name is the answer's
   * Content-Disposition file name.
   */
  async download(
    method: HttpMethod,
    path: string,
    options: RequestOptions & { onProgress?: (bytes: number) => void } = {},
  ): Promise<DownloadedFile> {
    const { onProgress, ...rest } = options;
    const { response, body } = await this.exchange(method, path, rest, (r) => readBlob(r, onProgress));
    return { blob: body, fileName: fileNameOf(response.headers.get('content-disposition')) };
  }

  /**
   * Sends one request (header sources, the XSRF echo) and reads a successful answer's body with
   * `read`; anything but 2xx is thrown as an ApiError, no answer as a NetworkError, and the
   * settled listeners hear of both.
   */
  private async exchange<B>(
    method: HttpMethod,
    path: string,
    options: RequestOptions,
    read: (response: Response) => Promise<B>,
  ): Promise<{ response: Response; body: B }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const source of this.headerSources) Object.assign(headers, source({ method, path }));
    Object.assign(headers, options.headers);
    if (options.body !== undefined && options.rawBody === undefined) headers['content-type'] ??= 'application/json';
    if (UNSAFE.has(method)) {
      const token = await this.xsrfToken();
      if (token) headers[HEADERS.xsrf] = token;
    }
    const settled = (fields: { status?: number; error?: ApiError | NetworkError }) => {
      const event: SettledRequest = { method, path, headers, expectUnauthorized: options.expectUnauthorized ?? false, ...fields };
      for (const listener of this.settledListeners) listener(event);
    };
    let response: Response;
    let errorText = '';
    let body: B | undefined;
    try {
      response = await this.fetchImpl(this.baseUrl + path, {
        method,
        headers,
        body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        credentials: 'include',
        signal: options.signal,
      });
      // Inside the try: a connection that drops mid-body is as unanswered as one that never connected.
      if (response.status < 200 || response.status > 299) errorText = await response.text();
      else body = await read(response);
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw error;
      const networkError = new NetworkError(error);
      settled({ error: networkError });
      throw networkError;
    }
    if (response.status < 200 || response.status > 299) {
      const error = new ApiError({
        status: response.status,
        body: parseErrorBody(errorText),
        responseText: errorText,
        requestId: response.headers.get(HEADERS.requestId) ?? undefined,
        retryAfter: parseRetryAfter(response.headers.get(HEADERS.retryAfter)),
      });
      if (response.status === 401 && !options.expectUnauthorized) {
        for (const listener of this.unauthorizedListeners) listener(error);
      }
      settled({ status: response.status, error });
      throw error;
    }
    settled({ status: response.status });
    return { response, body: body as B };
  }

  /**
   * The XSRF token to echo. The server sets the cookie on any answer (the page itself, when it
   * serves it); served by another origin in development, the first unsafe call asks for it.
   */
  private async xsrfToken(): Promise<string | undefined> {
    const current = readCookie(this.cookies(), XSRF_COOKIE);
    if (current) return current;
    await this.fetchImpl(`${this.baseUrl}/api/v1/auth/session`, { credentials: 'include' }).catch(() => undefined);
    return readCookie(this.cookies(), XSRF_COOKIE);
  }
}

/** The body read chunk by chunk into a Blob, telling `onProgress` the bytes so far. */
async function readBlob(response: Response, onProgress?: (bytes: number) => void): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onProgress?.(bytes);
  }
  return new Blob(parts, { type });
}

/** `attachment; filename="x.csv"` → `x.csv`. */
function fileNameOf(disposition: string | null): string | undefined {
  const match = /filename="([^"]+)"/.exec(disposition ?? '') ?? /filename=([^;]+)/.exec(disposition ?? '');
  return match?.[1]?.trim();
}

function parseErrorBody(text: string): ErrorBody | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as ErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

/** Retry-After in seconds; the HTTP-date form is turned into seconds from now. */
function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
