import {
  AppError,
  ErrorCodes,
  MESSAGES,
  can,
  portalAccess,
  type Action,
  type Resource,
  type ResourceTypeDefinition,
} from '@caseload/core';
import { currentTable } from '../storage/table-names.ts';
import { ownerPath } from './owned-records.ts';
import { portalCondition } from './portal-reach.ts';
import type { Population, Principal } from './principal.ts';

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
    if (!this.allows(action, type)) throw new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden);
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
        throw new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden);
      }
    }
  }

  /**
   * A SQL condition limiting rows of `type` to those the caller reaches, appending its parameters
   * to `params`. `$1` is the practice id in every storage query; `alias` qualifies the columns.
   */
  rowCondition(type: ResourceTypeDefinition, params: unknown[], alias = '', action: Action = 'Read'): string {
    const key = `${type.name}|${alias}|${action}|${params.length}`;
    let built = this.conditions.get(key);
    if (!built) {
      const own: unknown[] = [];
      own.length = params.length;
      const sql = this.buildRowCondition(type, own, alias, action);
      built = { sql, values: own.slice(params.length) };
      if (this.conditions.size < MAX_CACHED_CONDITIONS) this.conditions.set(key, built);
    }
    for (const value of built.values) params.push(value);
    return built.sql;
  }

  private buildRowCondition(type: ResourceTypeDefinition, params: unknown[], alias: string, action: Action): string {
    const subject = this.portalSubject;
    if (subject && this.principal.population.kind === 'patient') {
      return portalCondition(subject, type, this.principal.actor, this.principal.population.patientId, params, alias);
    }
    const own = ownerPath(type.name, action, this.principal.actor, this.principal.permissions);
    let ownCondition = 'TRUE';
    if (own) {
      // Personal records (tokens, notifications, preferences, signatures) are their owner's only.
      params.push(own);
      ownCondition = `${alias}body @? $${params.length}::jsonpath`;
    }
    const patients = this.patientCondition(type, params, alias);
    // Both apply: a notification addressed to me about a patient outside my reach stays hidden.
    if (ownCondition === 'TRUE') return patients;
    return patients === 'TRUE' ? ownCondition : `(${ownCondition} AND ${patients})`;
  }

  /** The population level (and security-token patients) as a condition on the patient column. */
  private patientCondition(type: ResourceTypeDefinition, params: unknown[], alias: string): string {
    const column = type.name === 'Patient' ? `${alias}id` : type.partitioned ? `${alias}partition` : undefined;
    if (!column) return 'TRUE';
    const reach = populationCondition(this.principal.population, column, params);
    if (this.tokenPatients.length === 0 || reach === 'TRUE') return reach;
    params.push(this.tokenPatients);
    return `(${reach} OR ${column} = ANY($${params.length}::text[]))`;
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

function populationCondition(population: Population, column: string, params: unknown[]): string {
  switch (population.kind) {
    case 'all':
      return 'TRUE';
    case 'patient':
      params.push(population.patientId);
      return `${column} = $${params.length}`;
    case 'careTeam': {
      params.push(`$.careTeam[*].member ? (@.resourceType == "Practitioner" && @.id == ${JSON.stringify(population.practitionerId)})`);
      return `${column} IN (SELECT ct.id FROM ${currentTable('Patient')} ct
        WHERE ct.practice_id = $1 AND NOT ct.is_deleted AND ct.body @? $${params.length}::jsonpath)`;
    }
    case 'program': {
      if (population.programIds.length === 0) return 'FALSE';
      const ids = population.programIds.map((id) => `@ == ${JSON.stringify(id)}`).join(' || ');
      params.push(`$.programs[*].program.id ? (${ids})`);
      return `${column} IN (SELECT eoc.partition FROM ${currentTable('EpisodeOfCare')} eoc
        WHERE eoc.practice_id = $1 AND NOT eoc.is_deleted AND eoc.body @? $${params.length}::jsonpath)`;
    }
  }
}
