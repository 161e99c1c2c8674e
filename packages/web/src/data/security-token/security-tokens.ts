import type { Resource } from '@caseload/core';
import { ApiError, type ApiClient } from '../../api/index.ts';
import { collectionPath, practicePrefix } from '../paths.ts';
import { isSecurityTokenRefusal } from '../queue/retry-policy.ts';
import type { StoredToken, TokenStorage } from './token-storage.ts';

const COLLECTION = 'SecurityTokens';

interface SecurityTokenResource extends Resource {
  expiration?: string;
  patientAllowances?: { resourceType: string; id: string }[];
}

export interface SecurityTokensOptions {
  api: ApiClient;
  clock: () => number;
  storage: TokenStorage;
  /** The chosen practice network. */
  practiceId: () => string;
  /** The last patient was closed: clear the cached patient data. */
  onLastClosed: () => Promise<void>;
}

const allowances = (patients: readonly string[]) => patients.map((id) => ({ resourceType: 'Patient', id }));
const headerOf = (token: StoredToken) => `${token.id}:${token.versionId}`;

/**
 * The temporary patient-scoped access token (SPEC.md section 4, docs/access.md): opening a patient
 * creates the token or adds the patient to it; closing removes the patient, and closing the last
 * deletes the token and clears local patient data. The token goes in `x-security-token` on every
 * request to its practice; an expired one is dropped before a request, and one the server calls
 * invalid or expired (403, sub-status 1001 or 1002) is dropped when it says so.
 *
 * Opens and closes are counted per patient and run one after another, so two screens of the same
 * patient, or React's mount-unmount-mount in development, never delete a token still in use.
 */
export class SecurityTokens {
  private readonly open = new Map<string, number>();
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: SecurityTokensOptions) {}

  /** The token, unless it has expired (then it is dropped now). */
  current(): StoredToken | undefined {
    const token = this.o.storage.load();
    if (token && Date.parse(token.expiration) <= this.o.clock()) {
      this.o.storage.save(undefined);
      return undefined;
    }
    return token;
  }

  /** The `x-security-token` value for a request to `path`, if a token applies there. */
  headerFor(path: string): string | undefined {
    const token = this.current();
    return token && path.startsWith(practicePrefix(token.practiceId)) ? headerOf(token) : undefined;
  }

  /**
   * The server refused the token sent as `sent`. Dropped only if it is still the one held: a
   * request sent just before an update answers 1001 for the old version, not the new one.
   */
  refused(sent: string | undefined): void {
    const token = this.o.storage.load();
    if (!token || sent !== headerOf(token)) return;
    this.o.storage.save(undefined);
    // Patients still open here need a token: another tab may have deleted the one they shared.
    this.ensure().catch(() => undefined);
  }

  /** Patients open on this device. */
  openPatients(): string[] {
    return [...this.open.keys()];
  }

  /** Opens a patient: the token is created, or the patient added to it. */
  openPatient(patientId: string): Promise<void> {
    this.open.set(patientId, (this.open.get(patientId) ?? 0) + 1);
    return this.serially(() => this.cover());
  }

  /** Closes a patient: removed from the token; the last close deletes it and clears local data. */
  closePatient(patientId: string): Promise<void> {
    const count = this.open.get(patientId) ?? 1;
    if (count > 1) this.open.set(patientId, count - 1);
    else this.open.delete(patientId);
    return this.serially(() => this.release(patientId));
  }

  /** Makes sure the token covers every open patient (after a failed open, or a dropped token). */
  ensure(): Promise<void> {
    return this.open.size === 0 ? Promise.resolve() : this.serially(() => this.cover());
  }

  /** Forgets every open patient and deletes the token (sign-out). */
  closeAll(): Promise<void> {
    this.open.clear();
    return this.serially(async () => {
      const token = this.current();
      if (token) await this.deleteToken(token);
    });
  }

  private serially<T>(step: () => Promise<T>): Promise<T> {
    const result = this.chain.then(step, step);
    this.chain = result.catch(() => undefined);
    return result;
  }

  private async cover(): Promise<void> {
    const wanted = this.openPatients();
    if (wanted.length === 0) return;
    let token = this.current();
    if (token && token.practiceId !== this.o.practiceId()) token = undefined;
    if (token && wanted.every((p) => token!.patients.includes(p))) return;
    if (!token) return this.create(wanted);
    await this.update(token, (current) => [...new Set([...current, ...wanted])]);
  }

  private async release(patientId: string): Promise<void> {
    // Opened again meanwhile (a remount): nothing to remove.
    if (this.open.has(patientId)) return;
    const token = this.current();
    if (this.open.size === 0) {
      if (token) await this.deleteToken(token);
      await this.o.onLastClosed();
      return;
    }
    if (!token) return;
    // Patients the token allows but nobody has open here (kept from before a reload) go too.
    const remaining = token.patients.filter((p) => this.open.has(p));
    if (remaining.length === token.patients.length) return;
    if (remaining.length === 0) await this.deleteToken(token);
    else await this.update(token, (current) => current.filter((p) => this.open.has(p)));
  }

  private async create(patients: string[]): Promise<void> {
    const practiceId = this.o.practiceId();
    const resource = await this.o.api.post<SecurityTokenResource>(collectionPath(COLLECTION, practiceId), {
      resourceType: 'SecurityToken',
      patientAllowances: allowances(patients),
    });
    this.keep(resource, practiceId);
  }

  /** Rewrites the token's patients as `next` says, from the token's current list. */
  private async update(token: StoredToken, next: (current: string[]) => string[], retried = false): Promise<void> {
    const { meta: _meta, ...body } = token.resource;
    const path = `${collectionPath(COLLECTION, token.practiceId)}/${encodeURIComponent(token.id)}`;
    const patients = next(token.patients);
    try {
      const resource = await this.o.api.put<SecurityTokenResource>(`${path}?versionId=${encodeURIComponent(token.versionId)}`, {
        ...body,
        patientAllowances: allowances(patients),
      });
      this.keep(resource, token.practiceId);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 409 && !retried) {
        // Changed elsewhere (another tab): start again from the server's version, once.
        const latest = await this.o.api.get<SecurityTokenResource>(path);
        return this.update(this.keep(latest, token.practiceId), next, true);
      }
      if (error.status === 404 || error.status === 410 || isSecurityTokenRefusal(error)) {
        // Gone or no longer valid: a new one takes its place.
        this.o.storage.save(undefined);
        return patients.length > 0 ? this.create(patients) : undefined;
      }
      throw error;
    }
  }

  private async deleteToken(token: StoredToken): Promise<void> {
    const path =
      `${collectionPath(COLLECTION, token.practiceId)}/${encodeURIComponent(token.id)}` +
      `?versionId=${encodeURIComponent(token.versionId)}`;
    try {
      await this.o.api.delete(path);
    } catch {
      // Best effort: offline, or already gone. The server lets an undeleted token lapse in 24 hours.
    } finally {
      this.o.storage.save(undefined);
    }
  }

  private keep(resource: SecurityTokenResource, practiceId: string): StoredToken {
    const token: StoredToken = {
      id: resource.id,
      versionId: resource.meta.versionId,
      expiration: resource.expiration ?? '',
      practiceId,
      patients: (resource.patientAllowances ?? []).map((p) => p.id),
      resource,
    };
    this.o.storage.save(token);
    return token;
  }
}
