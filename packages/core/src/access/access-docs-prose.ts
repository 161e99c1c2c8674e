/**
 * The prose of docs/access.md: how the model is meant to be enforced. Kept apart from the tables
 * (render-access-docs.ts) so each file stays readable; both are rendered into one document.
 */

/** The model: permissions, flags, grant sets, roles and how they combine. */
export function modelProse(counts: { flags: number; grantSets: number; roles: number }): string {
  return `## The model

- **Permissions** are strings. A resource permission is \`{ResourceType}:{Action}\` with the
  actions Create, Read, Update and Delete, for every type of the resource registry plus
  \`AuditEvent\`. A flag is \`{group}:{Flag}:Allow\` in one of the groups administrative,
  clinical, internal, messaging, scheduler and survey (${counts.flags} flags, listed below).
  \`parsePermission\` accepts nothing else.
- **Not every action exists for every type.** \`AuditEvent\` and \`GrantSet\` are read-only:
  the audit trail is append-only and written by the server itself, and the grant-set catalogue
  is code. \`PracticePreferences\` and \`KeyVault\` are never deleted. No grant set, not even
  FullPermissions, can carry the missing actions.
- **Grant sets** are named bundles of permissions for one job (${counts.grantSets} of them, by
  area, below). The catalogue is code (\`packages/core/src/access/grant-sets.ts\`); the
  practice's \`GrantSet\` collection only reads it (ids are the names in kebab case,
  \`Read patients\` → \`read-patients\`; roles name grant sets by name). Naming a grant set that does not exist fails
  with 400 'GrantSet {name} is not defined.'
- **Roles** are lists of grant sets (${counts.roles} named roles, with their defaults below). A
  role's permissions are the **union** of its grant sets' (\`permissionsOf\`). A practice may
  define its own \`SecurityRole\`s from the same grant sets; a user holding several roles holds
  the union of all of them.
- **A grant set counts as held only when every one of its permissions is held**
  (\`holdsGrantSet\`), directly or through FullPermissions. A custom role that happens to
  contain all of "Sign notes" holds "Sign notes"; one that lacks a single permission does not.
- **FullPermissions** (\`administrative:FullPermissions:Allow\`) implies every permitted action
  on every practice type and every flag, except the ones that reach beyond the practice:
  \`administrative:ViewAllPractices\` and the internal group. It never implies writing a global
  type, nor any access to \`KeyVault\`.
- **Associate-only** permissions are those beyond the practice: ViewAllPractices, the internal
  flags, any write on a global type (Announcement, Notation and the templates) and KeyVault.
  No practice role includes a grant set holding one, and only an associate may grant one.
- **No escalation.** Defining a role needs RoleManagement; giving a user roles needs
  CanModifyRoles. A holder of RoleManagement (the practice's user administrator, who onboards
  clinicians without being one) may hand out any practice grant set; anyone else only grant sets
  it holds in full (\`canDelegate\`). "Full permissions" is handed out only by someone who holds
  it. Nobody changes their own roles, nor edits a security role they hold, and no practice user
  hands out an associate-only grant set.
- **Personal records are their owner's.** SecurityTokens (unless SecurityTokenManagement),
  Notifications by recipient (unless AccessAllNotifications), PersonalPreferences, and
  PersonalSignatures for writing (anyone in the practice may read a signature: it prints on the
  notes it signs). The server sets the owner; an update cannot hand a record to someone else.
- **Associates** (internal staff) hold an associate role. It applies to the global collections
  and, for those holding ViewAllPractices, within every practice network. Only staff categories
  with external access may hold ViewAllPractices, and only those with internal access may hold
  internal flags (see Staff categories).
`;
}

/** Where and in which order the server applies the model. */
export const ENFORCEMENT_PROSE = `## Enforcement

The server checks every call in the storage path, so no route can skip it, in this order:

1. **Session.** No valid session: 401 'Session expired.  Please refresh the page.'
2. **Practice.** The caller must be a member of the practice network in the URL, or an associate
   holding ViewAllPractices. Otherwise the practice answers 404, as if it did not exist.
3. **Permission.** \`can(permissions, action, type)\` for the resource call; flag-gated operations
   also need their flag: signing (clinical:SignNote), co-signing (clinical:CoSignNote), merging
   (administrative:MergePatients), importing CDA (administrative:ImportCda), invites
   (administrative:CanInviteUsers for staff; for a patient or related person also clinical:Note
   with the patient in reach), \`decrypt-password\` (administrative:CanEmailReports),
   database calls (internal:ManageDatabases), \`push-preassociations\`
   (internal:ManagePreassociations). A refusal answers 403 'You don't have permissions to perform
   this action.' and is audited as a Security Alert.
4. **Reach.** The population level, the portal partition and any security token become a SQL
   condition of the very query that reads or locks rows: in reads, queries, counts, history,
   content and reference expansion alike. Nothing is filtered after the fact.
5. **Audit.** A write records its audit event in the same statement as the write. A read or
   query records its event before it answers, and fails if the event cannot be stored. A query
   writes its event while it runs, since the event needs nothing from the answer, so a query that
   then fails in the database stays audited as tried. A request refused before it runs (a bad sort
   field, page size, token or filter: 400) leaves no event.
`;

/** Population levels: which patients a staff user reaches. */
export const POPULATION_PROSE = `## Population levels

The practice preference \`patientPopulationLevel\` (default All) says which patients a staff user
reaches:

- **All**: every patient of the practice.
- **CareTeam**: the patients whose \`careTeam\` names the user as a member.
- **Program**: the patients with an episode of care (enrolment) in one of the user's programs.

Holding \`clinical:PatientPopulationAll\` (the grant set "Access all patients", or
FullPermissions) means All whatever the preference (\`effectivePopulationLevel\`). The level limits
every patient-partitioned type by its \`partition\` and the Patient record itself by its id (a
patient's id is their partition); unpartitioned types are not limited by it. A valid security
token adds its allowed patients (below). Population is not widened by supervision: practices
using CareTeam or Program add supervisors to the care teams or programs they oversee.
`;

/** Portal logins. */
export const PORTAL_PROSE = `## Portal access

A patient signs in as their Patient record; a related person (a parent, a guardian) as their
RelatedPerson record. Either reaches exactly one partition: the patient's own id, or the
partition of the related person's record. Within it they reach only the types below, with only
the actions below, whatever grant sets their role names: the portal table is the ceiling. The
Patient role holds the grant set "Patient portal self"; related persons have no named role in
the spec and hold "Related person portal". Reach:

- \`partition\`: records in the portal partition;
- \`self\`: the related person's own record;
- \`patient-record\`: the Patient record whose id is the portal partition;
- \`owner\`: the portal user's own unpartitioned records (personal preferences);
- \`assigned\`: packets, questionnaires and forms referenced by a response in the partition;
- \`member\`: channels, and their memberships, the portal user belongs to.

Where "fields" is filled in, an update may change only those top-level fields.
`;

/** Security tokens: temporary patient-scoped access. */
export const SECURITY_TOKEN_PROSE = `## Security tokens

Temporary patient-scoped access (SPEC.md sections 4 and 6). A \`SecurityToken\` has an
\`owner\`, \`patientAllowances\` (the allowed patients) and an \`expiration\`.

- The web client creates a token when a user opens a patient and adds each further patient it
  opens; closing the last patient deletes it. Keeping one's own token needs the grant set "Use
  security tokens", which every staff role holds.
- The server owns the token's owner (its creator) and expiration (24 hours from creation); an
  update can neither extend nor hand it over.
- Each allowed patient must already be within the owner's reach, unless the owner holds
  \`administrative:SecurityTokenManagement\` ("Manage security tokens"): then any patient of the
  practice may be added, which is how temporary access outside one's population is granted; each
  such write is audited. The same flag lets one see and revoke other users' tokens.
- The client sends \`id:versionId\` in the security-token header. A valid token adds its allowed
  patients to the owner's population reach for that request; it never adds a permission and never
  crosses practices. A token of another user, an unknown id or a stale version answers 403 with
  sub-status 1001 (invalid); an expired one answers 403 with sub-status 1002 and 'Your temporary
  access security token has expired.' Either sub-status makes the client drop the token.
`;

/** Why out-of-reach resources answer 404. */
export const NOT_FOUND_PROSE = `## 404, not 403, for what is out of reach

403 says "this exists, and you may not": it is kept for the action itself (no \`Note:Update\`, no
flag). A resource outside the caller's reach (another practice, a patient outside the
population, another partition for a portal user) answers 404 'The requested data was not found.'
exactly like a resource that does not exist, because the reach condition is part of the query
that looks it up. Ids cannot be probed, counts do not reveal other patients, and an expansion of
an out-of-reach reference fails like a missing one.
`;
