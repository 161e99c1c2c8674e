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
 * Every flag, by group, with what it allows. The spec lists its example flags group by group in
 * alphabetical runs (administrative through ViewAllPractices, clinical from HealthHistory,
 * messaging, scheduler, then Metrics); we keep that grouping and add the flags marked "ours".
 */
export const FLAGS = {
  administrative: {
    AccessAllNotifications: "Read and manage every user's notifications, not only one's own.",
    CanEditComplianceAudit: 'Create and edit compliance audits and their questionnaires.',
    CanEditNoteAudit: 'Create and edit note audits.',
    CanEmailReports: 'Deliver reports by e-mail and decrypt a delivery password.',
    CanInviteUsers: 'Send sign-up invites to patients, practitioners and related persons.',
    CanManageUsers: 'Create, edit and deactivate practitioner accounts.',
    CanModifyRoles: 'Assign security roles to users (never beyond what one holds oneself).',
    CanViewAuditReviews: 'See the compliance-audit reviews attached to note audits.',
    CanViewPermission: "See security roles, grant sets and a user's effective permissions.",
    ClinicalConfiguration: 'Configure note definitions, rules, section forms and signatures.',
    FullPermissions: 'Everything within the practice (never cross-practice or internal).',
    ImportCda: 'Import clinical documents (C-CDA) and match them to patients. Ours.',
    ManageItineraries: 'Create and edit itineraries (topic plans used in notes).',
    MergePatients: 'Merge a duplicate patient into another. Ours.',
    ModifyNonPracticeDistribution: 'Send report deliveries to recipients outside the practice.',
    RoleManagement: "Define the practice's security roles from grant sets.",
    Scribe: 'Act as a scribe: draft notes and scribe sessions for a clinician to sign.',
    SecurityTokenManagement: "Add any practice patient to a security token; see and revoke others' tokens.",
    ViewAllPractices: 'Reach every practice network (associates with external access only).',
    ViewAuditLog: 'Read the audit trail (AuditEvent) and the audit-summary report. Ours.',
  },
  clinical: {
    CoSignNote: "Co-sign a supervisee's note. Ours.",
    HealthHistory: 'See the health-history area: allergies, conditions, medications, observations.',
    Note: 'Document notes (individual, group, multi-service, assessment, documentation).',
    PatientPopulationAll: "Reach every patient of the practice whatever its population level.",
    QualityAssurance: 'See the quality-assurance area: note audits and compliance audits.',
    SignNote: 'Sign a note, making it final. Ours.',
    Supervision: 'See the supervision area: supervisees, their notes and their patients.',
  },
  internal: {
    ManageDatabases: 'Create and delete practice-network databases (POST/DELETE api/v1/database). Ours.',
    ManagePreassociations: 'Push pre-associations to a practice (push-preassociations). Ours.',
  },
  messaging: {
    CanCreateChannel: 'Open messaging channels and manage their members.',
    CanMessagePatients: 'Message patients and related persons through the portal.',
    CanMessageStaff: 'Message other staff of the practice.',
  },
  scheduler: {
    CanManageSchedules: "Edit any practitioner's or location's schedule.",
    ViewScheduler: 'See the scheduler.',
  },
  survey: {
    AnswerForms: 'Fill in forms and questionnaires with or for a patient. Ours.',
    AssignPackets: 'Send packets of forms to patients. Ours.',
    ManageForms: 'Author forms and questionnaires. Ours.',
    ManagePackets: 'Assemble packets of forms. Ours.',
    Metrics: 'See outcome metrics computed from questionnaire answers.',
  },
} as const;

/** The six flag groups of SPEC.md section 6. */
export type FlagGroup = keyof typeof FLAGS;
/** A flag's name within its group (distributes over a union of groups). */
export type FlagName<G extends FlagGroup = FlagGroup> = G extends FlagGroup
  ? keyof (typeof FLAGS)[G] & string
  : never;
/** A flag permission, `{group}:{Flag}:Allow`, typed so a misspelt flag does not compile. */
export type FlagPermission = { [G in FlagGroup]: `${G}:${FlagName<G>}:Allow` }[FlagGroup];
/** A resource permission; `parsePermission` checks the type and action against the registry. */
export type ResourcePermission = `${string}:${Action}`;
/** Any permission string: a resource permission or a flag. */
export type Permission = ResourcePermission | FlagPermission;

/** The flag groups, in catalogue order. */
export const FLAG_GROUPS = Object.keys(FLAGS) as FlagGroup[];

/** Every flag permission, group by group. */
export const ALL_FLAG_PERMISSIONS: readonly FlagPermission[] = FLAG_GROUPS.flatMap((group) =>
  Object.keys(FLAGS[group]).map((name) => `${group}:${name}:Allow` as FlagPermission),
);

/** `flag('administrative', 'CanManageUsers')` is `'administrative:CanManageUsers:Allow'`. */
export function flag<G extends FlagGroup>(group: G, name: FlagName<G>): FlagPermission {
  return `${group}:${name}:Allow` as FlagPermission;
}

/** `permission('Note', 'Read')` is `'Note:Read'`. */
export function permission(resourceType: string, action: Action): ResourcePermission {
  return `${resourceType}:${action}`;
}

/** What a flag allows, in words, or undefined for a flag that does not exist. */
export function flagDescription(group: string, name: string): string | undefined {
  if (!Object.hasOwn(FLAGS, group)) return undefined;
  const flags: Record<string, string> = FLAGS[group as FlagGroup];
  return Object.hasOwn(flags, name) ? flags[name] : undefined;
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
export const PERMISSION_RESOURCE_TYPES: readonly string[] = [
  ...new Set([...RESOURCE_TYPES.map((t) => t.name), AUDIT_EVENT_RESOURCE_TYPE]),
];

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
  | { kind: 'resource'; resourceType: string; action: Action }
  | { kind: 'flag'; group: FlagGroup; flag: FlagName };

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
    if (flagDescription(group, name) === undefined) return undefined;
    return { kind: 'flag', group: group as FlagGroup, flag: name as FlagName };
  }
  return undefined;
}

/** True when `value` is a valid permission (see `parsePermission`). */
export function isPermission(value: string): value is Permission {
  return parsePermission(value) !== undefined;
}
