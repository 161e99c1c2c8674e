/**
 * What this device remembers of who was signed in, for the next load: the entry script's guess
 * that the signed-in shell will be needed (fetched beside the session check), and the session
 * answer itself, so the app can start without the server (offline, from the service worker's
 * cache) as the same user, with the edits queued on this device. Only who the user is and what
 * they may do (the session answer: account, profiles, permissions), never patient data; forgotten
 * at sign-out and whenever the server says nobody is signed in.
 */

const SESSION_KEY = 'caseload:session';

/** Whether someone was signed in on this device when it last checked. */
export function wasSignedInHere(): boolean {
  try {
    return localStorage.getItem(SESSION_KEY) !== null;
  } catch {
    return false;
  }
}

/** The last session answer this device had, or undefined. */
export function rememberedSession<T>(): T | undefined {
  try {
    const stored = localStorage.getItem(SESSION_KEY);
    return stored === null ? undefined : (JSON.parse(stored) as T);
  } catch {
    return undefined;
  }
}

/** Remembers the session answer (or forgets it, with undefined). */
export function rememberSession(session: unknown): void {
  try {
    if (session === undefined) localStorage.removeItem(SESSION_KEY);
    else localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // Storage refused (private mode, quota): the next load just cannot guess or start offline.
  }
}
