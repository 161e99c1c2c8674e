/** The query parameter naming where to go after signing in. */
export const NEXT_PARAM = 'next';

/**
 * Where to go after signing in: a path on this site only (never `//evil.example` or
 * `https://evil.example`, an open redirect), and never back to the sign-in page itself.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  const base = 'http://caseload.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return '/';
  }
  if (url.origin !== base || url.pathname === '/sign-in') return '/';
  return url.pathname + url.search + url.hash;
}

/** The sign-in URL that comes back to `place` (a path with its query and hash). */
export function signInPathFor(place: string): string {
  const next = safeNextPath(place);
  return next === '/' ? '/sign-in' : `/sign-in?${NEXT_PARAM}=${encodeURIComponent(next)}`;
}
