/** A signed-in HTTP client for tests: keeps its cookies and echoes the XSRF token like a browser. */

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as-is instead of JSON. */
  raw?: BodyInit | Uint8Array;
  headers?: Record<string, string>;
  /** Leave out the X-XSRF-TOKEN header (for attack tests). */
  omitXsrf?: boolean;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One call this client made, kept so a test run can check each left its audit events. */
export interface CallRecord {
  method: string;
  url: string;
  status: number;
  requestId: string | null;
}

export class ApiClient {
  readonly cookies = new Map<string, string>();
  readonly calls: CallRecord[] = [];

  constructor(
    readonly baseUrl: string,
    /** Where relative paths point: a practice's `/api/v1/practices/{id}/`. */
    readonly practiceBase: string,
  ) {}

  url(pathOrUrl: string): string {
    if (pathOrUrl.startsWith('http')) return pathOrUrl;
    return pathOrUrl.startsWith('/') ? `${this.baseUrl}${pathOrUrl}` : `${this.practiceBase}${pathOrUrl}`;
  }

  async request<T = any>(method: string, pathOrUrl: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body = options.raw as BodyInit | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (UNSAFE.has(method) && xsrf && !options.omitXsrf) headers['x-xsrf-token'] ??= decodeURIComponent(xsrf);
    const url = this.url(pathOrUrl);
    const response = await fetch(url, { method, headers, body });
    this.calls.push({ method, url, status: response.status, requestId: response.headers.get('x-request-id') });
    this.keepCookies(response);
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  /** Gets an XSRF cookie, then signs in; throws unless it worked. */
  async signIn(email: string, password: string): Promise<ApiResponse> {
    if (!this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api/v1/auth/session');
    const response = await this.request('POST', '/api/v1/auth/sign-in', { body: { email, password } });
    if (response.status !== 200) throw new Error(`sign-in as ${email} failed: ${response.status} ${response.text}`);
    return response;
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
