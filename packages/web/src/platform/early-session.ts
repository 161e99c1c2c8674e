/**
 * The session check, started by the entry script as soon as the page runs, while the variant's
 * JavaScript is still downloading: it no longer waits for React to render before it leaves, which
 * takes a round trip out of every signed-in first paint. The session feature takes the answer
 * once (its first check); every later check is a call of its own.
 */

export const SESSION_PATH = '/api/v1/auth/session';

let early: Promise<Response> | undefined;

/**
 * Sends the session check now; the same request the API client would make (GET, cookies, JSON).
 * Answers whether someone is signed in (200), for the entry's own use; false when unanswered.
 */
export function startSessionCheck(): Promise<boolean> {
  early = fetch(SESSION_PATH, { credentials: 'include', headers: { accept: 'application/json' } });
  // Nobody may take it (the legacy page, a crash first): its failure is nobody's to report.
  return early.then(
    (response) => response.status === 200,
    () => false,
  );
}

/** The early session check's response, once; undefined when there was none or it was taken. */
export function takeEarlySessionCheck(): Promise<Response> | undefined {
  const taken = early;
  early = undefined;
  return taken;
}
