import { can, forbidden, portalAccess, type Action, type Resource, type ResourceTypeDefinition } from '@caseload/core';
import { reachCondition } from '../storage/reach-sql.ts';
import type { Principal } from './principal.ts';

/**
 * What one caller may do in one practice, as checks and as SQL. Every repository call goes through
 * it: `assertCan` for the type and action (403), and `rowCondition` inside the very query that
 * reads or locks rows, so a resource outside the caller's patients is never read and answers 404
 * exactly like one that does not exist.
 */
export class AccessPolicy {
  /**
   * Row conditions already built, by type, alias, action and the parameter number they start at:
   * the text and the values it binds depend on nothing else, and a policy lives as long as its
   * cached principal (accessPolicyFor), so a caller's condition is built once, not per request.
   */
  private readonly conditions = new Map<string, { sql: string; values: unknown[] }>();

  constructor(
    readonly principal: Principal,
    /** Patients a valid security token adds to the caller's reach. */
    readonly tokenPatients: readonly string[] = [],
  ) {}

  private get portalSubject(): 'Patient' | 'RelatedPerson' | undefined {
    const kind = this.principal.kind;
    return kind === 'patient' ? 'Patient' : kind === 'relatedPerson' ? 'RelatedPerson' : undefined;
  }

  allows(action: Action, type: ResourceTypeDefinition): boolean {
    const subject = this.portalSubject;
    // A portal login reaches what the portal table says, whatever its grant sets hold.
    if (subject) return portalAccess(subject, type.name)?.actions.includes(action) ?? false;
    return can(this.principal.permissions, action, type.name);
  }

  assertCan(action: Action, type: ResourceTypeDefinition): void {
    if (!this.allows(action, type)) throw forbidden(`no ${action} permission on ${type.name}`);
  }

  /**
   * A portal update may change only the fields the portal table lists for the type (a patient
   * edits their phone number, not their diagnoses).
   */
  assertPortalUpdate(type: ResourceTypeDefinition, previous: Resource, next: Resource): void {
    const subject = this.portalSubject;
    const allowed = subject && portalAccess(subject, type.name)?.updatableFields;
    if (!allowed) return;
    const keys = new Set([...Object.keys(previous), ...Object.keys(next)]);
    for (const key of keys) {
      if (key === 'meta' || allowed.includes(key)) continue;
      if (JSON.stringify(previous[key]) !== JSON.stringify(next[key])) {
        throw forbidden(`a portal login may not change ${type.name}.${key}`);
      }
    }
  }

  /**
   * A SQL condition limiting rows of `type` to those the caller reaches, appending its parameters
   * to `params`, for storage's statements (the SQL is written by storage/reach-sql.ts). `$1` is
   * the practice id in every storage query; `alias` qualifies the columns.
   */
  rowCondition(type: ResourceTypeDefinition, params: unknown[], alias = '', action: Action = 'Read'): string {
    const key = `${type.name}|${alias}|${action}|${params.length}`;
    let built = this.conditions.get(key);
    if (!built) {
      const own: unknown[] = [];
      own.length = params.length;
      const sql = reachCondition(this.principal, this.tokenPatients, type, own, alias, action);
      built = { sql, values: own.slice(params.length) };
      if (this.conditions.size < MAX_CACHED_CONDITIONS) this.conditions.set(key, built);
    }
    for (const value of built.values) params.push(value);
    return built.sql;
  }

  /** Whether the caller reaches every row of `type` for `action`: its condition holds for all. */
  reachesEvery(type: ResourceTypeDefinition, action: Action = 'Read'): boolean {
    return reachCondition(this.principal, this.tokenPatients, type, [undefined], '', action) === 'TRUE';
  }
}

/** Bounds a policy's memo; its keys come from code (types, aliases, actions), so this is a backstop. */
const MAX_CACHED_CONDITIONS = 256;

const shared = new WeakMap<Principal, AccessPolicy>();

/**
 * The policy of a principal. Without security-token patients it is shared by every request of
 * that principal (principals are cached per session, identity/caller-cache.ts), which keeps its
 * built row conditions; with token patients, which are checked per request, it is new each time.
 */
export function accessPolicyFor(principal: Principal, tokenPatients: readonly string[]): AccessPolicy {
  if (tokenPatients.length > 0) return new AccessPolicy(principal, tokenPatients);
  let policy = shared.get(principal);
  if (!policy) {
    policy = new AccessPolicy(principal);
    shared.set(principal, policy);
  }
  return policy;
}
