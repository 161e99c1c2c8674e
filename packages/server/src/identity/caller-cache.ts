import type { Membership } from './account-store.ts';
import type { Identity } from './auth.plugin.ts';

/**
 * Who is calling, remembered per session for a few seconds, so a signed-in request does not look
 * its caller up again (session, account, memberships, then roles and population for the principal).
 *
 * Freshness on this server: an entry is forgotten at once when its session ends, when its account
 * or memberships change, and (principals only) when a practice's roles, preferences or
 * practitioners change; all of these arrive as PostgreSQL notifications after the change commits
 * (caller-notifications.ts), and sign-out and signing an account out everywhere also forget
 * directly. Other servers of a fleet hear the same notifications; should a server lose its
 * listening connection it stops caching until it is back, so no server answers from an entry older
 * than CALLER_CACHE_SECONDS.
 */

/** The longest an entry is used without reading the database again. */
export const CALLER_CACHE_SECONDS = 5;
/** Sessions remembered at most; the least recently used goes first. */
export const CALLER_CACHE_ENTRIES = 10_000;

/**
 * Principals resolved for one cached session, by practice and profile header. Handed to
 * `resolvePrincipal` on the identity, so it can reuse and store without knowing the cache.
 */
export interface PrincipalMemo {
  get<T>(key: string): T | undefined;
  /** Stores unless the cache forgot something since `generation` was read. */
  set(key: string, principal: unknown, generation: number): void;
  readonly generation: number;
}

/** A caller as the auth plugin reads it in one statement. */
export type LoadedCaller = Identity & { memberships: Membership[] };

/** A cached caller as requests see it: the caller with the memo of its principals. */
export type CachedCaller = LoadedCaller & { principals: PrincipalMemo };

interface Entry {
  identity: LoadedCaller;
  /** `performance.now()` when it was read from the database. */
  loadedAt: number;
  /** Resolved principals by practice and profile header. */
  principals: Map<string, unknown>;
  /**
   * What `identity()` hands out, built once per entry rather than per request (a hit is on every
   * signed-in request's path). Requests only read it; the session's last-seen is the one field
   * that changes, and it is shared with the cached caller on purpose.
   */
  view: CachedCaller;
}

const caches = new Set<CallerCache>();

/** Forgets an account's sessions in every cache of this process (deactivation, password reset). */
export function forgetAccountEverywhere(accountId: string): void {
  for (const cache of caches) cache.forgetAccount(accountId);
}

/** Forgets one session in every cache of this process (sign-out). */
export function forgetSessionEverywhere(idHash: string): void {
  for (const cache of caches) cache.forgetSession(idHash);
}

/** One server's cache (tests run several servers in one process, each on its own database). */
export class CallerCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every forget: a lookup that began before one must not store what it read. */
  private generationCounter = 0;
  /** Off while this server cannot hear changes (its listening connection is down). */
  enabled = false;

  constructor(
    private readonly ttlMs = CALLER_CACHE_SECONDS * 1000,
    private readonly maxEntries = CALLER_CACHE_ENTRIES,
    private readonly now: () => number = () => performance.now(),
  ) {
    caches.add(this);
  }

  /** Stops using and being told about this cache (the server is closing). */
  close(): void {
    this.enabled = false;
    this.entries.clear();
    caches.delete(this);
  }

  /** A stamp to pass back to `setIdentity`/`setPrincipal`, taken before reading the database. */
  get generation(): number {
    return this.generationCounter;
  }

  /** The cached caller of a session, with a memo of its principals; undefined when not cached. */
  identity(idHash: string): CachedCaller | undefined {
    const entry = this.live(idHash);
    if (!entry) return undefined;
    // Re-inserted so the Map's order is least recently used first.
    this.entries.delete(idHash);
    this.entries.set(idHash, entry);
    return entry.view;
  }

  /** A memo for a caller just read from the database (stored by `setIdentity`). */
  memo(idHash: string): PrincipalMemo {
    // The memo's getter reads the cache's counter when asked, not when the memo is made.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const cache = this;
    return {
      get: <T>(key: string) => cache.principal<T>(idHash, key),
      set: (key, principal, generation) => cache.setPrincipal(idHash, key, principal, generation),
      get generation() {
        return cache.generationCounter;
      },
    };
  }

  setIdentity(identity: LoadedCaller, generation: number): void {
    const idHash = identity.session.idHash;
    if (!this.storable(generation)) return;
    this.entries.delete(idHash);
    const view = { ...identity, principals: this.memo(idHash) };
    this.entries.set(idHash, { identity, loadedAt: this.now(), principals: new Map(), view });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  principal<T>(idHash: string, key: string): T | undefined {
    return this.live(idHash)?.principals.get(key) as T | undefined;
  }

  setPrincipal(idHash: string, key: string, principal: unknown, generation: number): void {
    const entry = this.live(idHash);
    if (entry && this.storable(generation)) entry.principals.set(key, principal);
  }

  forgetSession(idHash: string): void {
    this.generationCounter++;
    this.entries.delete(idHash);
  }

  forgetAccount(accountId: string): void {
    this.generationCounter++;
    for (const [idHash, entry] of this.entries) if (entry.identity.account.id === accountId) this.entries.delete(idHash);
  }

  /** A practice's roles, preferences or practitioners changed: its principals are recomputed. */
  forgetPractice(practiceId: string): void {
    this.generationCounter++;
    const prefix = `${practiceId}|`;
    for (const entry of this.entries.values()) {
      for (const key of entry.principals.keys()) if (key.startsWith(prefix)) entry.principals.delete(key);
    }
  }

  clear(): void {
    this.generationCounter++;
    this.entries.clear();
  }

  private live(idHash: string): Entry | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(idHash);
    if (entry && this.now() - entry.loadedAt > this.ttlMs) {
      this.entries.delete(idHash);
      return undefined;
    }
    return entry;
  }

  private storable(generation: number): boolean {
    return this.enabled && generation === this.generationCounter;
  }
}
