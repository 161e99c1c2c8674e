import { RESOURCE_TYPES, getResourceType } from '../resources/registry.ts';

/**
 * The permission vocabulary of SPEC.md section 6: `{ResourceType}:{Action}` for resources and
 * `{group}:{Flag}:Allow` for flags. Pure data and functions; the server enforces them.
 */

/** What a resource permission allows. */
export const ACTIONS = ['Create', 'Read', 'Update', 'Delete'] as const;
/** One of Create, Read, Update, Delete. */
export type Action = (typeof ACTIONS)[number];

/**
 * Every flag's name, by group. The spec lists its example flags group by group in alphabetical
 * runs (administrative through ViewAllPractices, clinical from HealthHistory, messaging, scheduler,
 * then Metrics); we keep that grouping and add the flags marked "ours" (see flag-descriptions.ts).
 * Names only: what each allows, in words, is in flag-descriptions.ts, which the web shell (which
 * checks permissions on every screen) does not need to download.
 */
export const FLAG_NAMES = {
  administrative: [
    'AccessAllNotifications',
    'CanEditComplianceAudit',
    'CanEditNoteAudit',
    'CanEmailReports',
    'CanInviteUsers',
    'CanManageUsers',
    'CanModifyRoles',
    'CanViewAuditReviews',
    'CanViewPermission',
    'ClinicalConfiguration',
    'FullPermissions',
    'ImportCda',
    'ManageItineraries',
    'MergePatients',
    'ModifyNonPracticeDistribution',
    'RoleManagement',
    'Scribe',
    'SecurityTokenManagement',
    'ViewAllPractices',
    'ViewAuditLog',
  ],
  clinical: ['CoSignNote', 'HealthHistory', 'Note', 'PatientPopulationAll', 'QualityAssurance', 'SignNote', 'Supervision'],
  internal: ['ManageDatabases', 'ManagePreassociations'],
  messaging: ['CanCreateChannel', 'CanMessagePatients', 'CanMessageStaff'],
  scheduler: ['CanManageSchedules', 'ViewScheduler'],
  survey: ['AnswerForms', 'AssignPackets', 'ManageForms', 'ManagePackets', 'Metrics'],
} as const;

/** The six flag groups of SPEC.md section 6. */
export type FlagGroup = keyof typeof FLAG_NAMES;
/** A flag's name within its group (distributes over a union of groups). */
export type FlagName<G extends FlagGroup = FlagGroup> = G extends FlagGroup ? (typeof FLAG_NAMES)[G][number] : never;
/** A flag permission, `{group}:{Flag}:Allow`, typed so a misspelt flag does not compile. */
export type FlagPermission = { [G in FlagGroup]: `${G}:${FlagName<G>}:Allow` }[FlagGroup];
/** A resource permission; `parsePermission` checks the type and action against the registry. */
export type ResourcePermission = `${string}:${Action}`;
/** Any permission string: a resource permission or a flag. */
export type Permission = ResourcePermission | FlagPermission;

/** The flag groups, in catalogue order. */
export const FLAG_GROUPS = Object.keys(FLAG_NAMES) as FlagGroup[];

/** Every flag permission, group by group. */
export const ALL_FLAG_PERMISSIONS: readonly FlagPermission[] = /* @__PURE__ */ FLAG_GROUPS.flatMap((group) =>
  FLAG_NAMES[group].map((name) => `${group}:${name}:Allow` as FlagPermission),
);

/** `flag('administrative', 'CanManageUsers')` is `'administrative:CanManageUsers:Allow'`. */
/*#__NO_SIDE_EFFECTS__*/
export function flag<G extends FlagGroup>(group: G, name: FlagName<G>): FlagPermission {
  return `${group}:${name}:Allow` as FlagPermission;
}

/** `permission('Note', 'Read')` is `'Note:Read'`. */
/*#__NO_SIDE_EFFECTS__*/
export function permission(resourceType: string, action: Action): ResourcePermission {
  return `${resourceType}:${action}`;
}

/** True when `name` is a flag of `group` (both as strings, as a permission carries them). */
export function isFlag(group: string, name: string): boolean {
  return Object.hasOwn(FLAG_NAMES, group) && (FLAG_NAMES[group as FlagGroup] as readonly string[]).includes(name);
}

/** The audit trail's type; added here too so the permission model holds before the registry does. */
export const AUDIT_EVENT_RESOURCE_TYPE = 'AuditEvent';

/**
 * Types the API only reads, and why. Their Create, Update and Delete permissions do not exist,
 * so no grant set, not even FullPermissions, can carry them.
 */
export const READ_ONLY_TYPES: Readonly<Record<string, string>> = {
  AuditEvent: 'the audit trail is append-only and written by the server itself',
  GrantSet: 'the grant-set catalogue is code (access/grant-sets.ts); practices build roles from it',
};

/** Every type a resource permission can name: the registry's, plus AuditEvent. */
export const PERMISSION_RESOURCE_TYPES: readonly string[] = [...new Set([...RESOURCE_TYPES.map((t) => t.name), AUDIT_EVENT_RESOURCE_TYPE])];

/** True for the types that live within a practice network (AuditEvent included). */
export function isPracticeResourceType(resourceType: string): boolean {
  if (resourceType === AUDIT_EVENT_RESOURCE_TYPE) return true;
  return getResourceType(resourceType)?.scope === 'practice';
}

/**
 * The actions a permission may name for a type: none for an unknown type; Read only for
 * read-only types; no Delete for types that are never deleted through the API.
 */
export function permittedActions(resourceType: string): readonly Action[] {
  if (Object.hasOwn(READ_ONLY_TYPES, resourceType)) return ['Read'];
  const type = getResourceType(resourceType);
  if (!type) return [];
  // `apiWritable` is the registry's word for "only the server writes it".
  if ('apiWritable' in type && type.apiWritable === false) return ['Read'];
  return type.deletable ? ACTIONS : ACTIONS.filter((a) => a !== 'Delete');
}

/** A permission taken apart. */
export type ParsedPermission =
  { kind: 'resource'; resourceType: string; action: Action } | { kind: 'flag'; group: FlagGroup; flag: FlagName };

/**
 * Validates a permission string: a known type with an action permitted for it, or a known flag
 * ending in `:Allow`. Undefined for anything else (unknown type, `AuditEvent:Delete`, a typo).
 */
export function parsePermission(value: string): ParsedPermission | undefined {
  const parts = value.split(':');
  if (parts.length === 2) {
    const [resourceType = '', action = ''] = parts;
    if (!(permittedActions(resourceType) as readonly string[]).includes(action)) return undefined;
    return { kind: 'resource', resourceType, action: action as Action };
  }
  if (parts.length === 3 && parts[2] === 'Allow') {
    const [group = '', name = ''] = parts;
    if (!isFlag(group, name)) return undefined;
    return { kind: 'flag', group: group as FlagGroup, flag: name as FlagName };
  }
  return undefined;
}

/** True when `value` is a valid permission (see `parsePermission`). */
export function isPermission(value: string): value is Permission {
  return parsePermission(value) !== undefined;
}
