import type { Resource } from '@caseload/core';

/** The security token the client holds (SPEC.md section 4). */
export interface StoredToken {
  id: string;
  versionId: string;
  /** When the server stops accepting it (ISO instant; 24 hours after creation). */
  expiration: string;
  /** The practice network it belongs to: it is sent only there. */
  practiceId: string;
  /** The patients it allows. */
  patients: string[];
  /** The server's copy, the base of the next update. */
  resource: Resource;
}

/** Where the token is kept between requests (and reloads). */
export interface TokenStorage {
  load(): StoredToken | undefined;
  save(token: StoredToken | undefined): void;
}

/** Kept in memory only: for tests, and where the browser has no localStorage. */
export function memoryTokenStorage(): TokenStorage {
  let token: StoredToken | undefined;
  return {
    load: () => token,
    save: (t) => {
      token = t;
    },
  };
}

/**
 * Kept in the browser's localStorage under the user's key, so a reload does not orphan it and
 * another user of the same browser never sends it. It names patient ids, not clinical content,
 * and is dropped when its last patient is closed, at sign-out and when it expires.
 */
export function browserTokenStorage(userKey: string): TokenStorage {
  if (typeof localStorage === 'undefined') return memoryTokenStorage();
  const key = `caseload:${userKey}:security-token`;
  return {
    load() {
      try {
        const raw = localStorage.getItem(key);
        return raw ? (JSON.parse(raw) as StoredToken) : undefined;
      } catch {
        return undefined;
      }
    },
    save(token) {
      if (token) localStorage.setItem(key, JSON.stringify(token));
      else localStorage.removeItem(key);
    },
  };
}
