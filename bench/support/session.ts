/**
 * Signing the benchmarks in as Caseload's internal administrator (CASELOAD_ADMIN_EMAIL and
 * CASELOAD_ADMIN_PASSWORD, created at first start), so every request pays what a signed-in user's
 * does: session lookup, XSRF check, principal and access policy, audit.
 */

export const BENCH_ADMIN = {
  CASELOAD_ADMIN_EMAIL: 'bench-admin@bench.caseload',
  CASELOAD_ADMIN_PASSWORD: 'throughput-2-cores-9',
};

/**
 * The headers a browser would send after signing in: its cookies and the XSRF echo. Signs in as
 * the bench administrator unless other credentials are given.
 */
export async function signIn(
  baseUrl: string,
  credentials = { email: BENCH_ADMIN.CASELOAD_ADMIN_EMAIL, password: BENCH_ADMIN.CASELOAD_ADMIN_PASSWORD },
): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  const headers = () => ({
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
  });
  const probe = await fetch(`${baseUrl}/api/v1/auth/session`);
  // A server from before sign-in landed answers without a session.
  if (probe.status === 404) return {};
  keep(probe);
  const response = await fetch(`${baseUrl}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { ...headers(), 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  keep(response);
  return headers();
}
