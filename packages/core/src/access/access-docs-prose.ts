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
  it. Nobody changes their own roles, nor edits a security role they hold, nor changes the
  \`programs\`, \`supervisors\` or \`licences\` of their own profile (they decide its Program
  population, who co-signs its notes and whether a co-signature is owed), and no practice user
  hands out an associate-only grant set.
- **An invite gives no more than the inviter could.** A new practitioner gets the Practitioner
  role only from an inviter who could delegate it, and a practitioner profile is linked only when
  it reaches no patient the inviter does not reach by its own population (a profile's programs and
  care teams are not the inviter's to hand out); otherwise 403. Nobody invites their own account
  to a profile. An account's profiles keep the order they were linked in: without the
  \`x-profile\` header the first acts, so a profile added later acts only when the user picks it,
  and every audit event names the account beside the acting profile.
- **Personal records are their owner's.** SecurityTokens (unless SecurityTokenManagement),
  Notifications by recipient (unless AccessAllNotifications), PersonalPreferences, and
  PersonalSignatures for writing (anyone in the practice may read a signature: it prints on the
  notes it signs). The server sets the owner; an update cannot hand a record to someone else.
- **What decides access is the server's, not the body's.** On every type \`id\`, \`meta\` and
  \`created\` (the server's time of the first version, kept by every later one) are the
  server's: a client's values are ignored and a patch of them refused; \`partition\` never
  changes. So are the owners above, a security token's expiry, a note's author (an update keeps
  it; a new note is its practitioner writer's unless a scribe drafts it for a clinician), its
  signing fields and its \`groupSession\` link (written by the note calls only), a patient's
  \`mergedInto\` (written by merging only), a questionnaire's publishing fields, and a Dialogue
  (written from its scribe session's transcript only: no client creates one or changes whose
  conversation it is, docs/scribe.md) and an encounter's \`dialogues\`. A portal
  login's packet response may name only a packet already assigned to the patient, since the
  packets it names are what the portal reaches.
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
   holding ViewAllPractices. Otherwise the practice answers 404, as if it did not exist, whatever
   the headers say (an \`x-profile\` that is not the caller's is a 403 only in a practice the
   caller is in).
3. **Permission.** \`can(permissions, action, type)\` for the resource call; flag-gated operations
   also need their flag: signing (clinical:SignNote), co-signing (clinical:CoSignNote), merging
   (administrative:MergePatients), importing CDA (administrative:ImportCda), invites
   (administrative:CanInviteUsers for staff; for a patient or related person also clinical:Note
   with the patient in reach), \`decrypt-password\` (administrative:CanEmailReports),
   database calls (internal:ManageDatabases), \`push-preassociations\`
   (internal:ManagePreassociations). A refusal answers 403 'You don't have permissions to perform
   this action.' and is audited as a Security Alert (see Audit, below).
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
token of an owner holding SecurityTokenManagement adds its allowed patients (below). Population
is not widened by supervision: practices using CareTeam or Program add supervisors to the care
teams or programs they oversee.
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
- \`member\`: channels, and their memberships, the portal user belongs to;
- \`shared\`: documents of the partition staff shared with the patient (\`sharedWithPatient\`);
- \`partition-except-unshared\`: records in the portal partition, except the file (Media) of a
  document not shared with the patient.

Where "fields" is filled in, an update may change only those top-level fields.
`;

/** Security tokens: temporary patient-scoped access. */
export const SECURITY_TOKEN_PROSE = `## Security tokens

Temporary patient-scoped access (SPEC.md sections 4 and 6). A \`SecurityToken\` has an
\`owner\`, \`patientAllowances\` (the allowed patients) and an \`expiration\`.

- The web client creates a token when a user opens a patient and adds each further patient it
  opens; closing the last patient deletes it. Keeping one's own token needs the grant set "Use
  security tokens", which every staff role holds.
- The server owns the token's owner (its creator) and expiration: 24 hours from the server's
  clock when it is created, whatever \`created\` the body claims; an update can neither extend
  nor hand it over.
- Each allowed patient must already be within the owner's reach by its own population level
  (never through the token the request carries: a token cannot vouch for a new one), unless the
  owner holds \`administrative:SecurityTokenManagement\` ("Manage security tokens"): then any
  patient of the practice may be added, which is how temporary access outside one's population is
  granted; each such write is audited. The same flag lets one see and revoke other users' tokens.
- The client sends \`id:versionId\` in the security-token header. A valid token of an owner
  holding SecurityTokenManagement adds its allowed patients to the owner's population reach for
  that request; anyone else's adds nothing (it only names patients they reach anyway), so a
  patient taken off their care team or program is out of reach at once, token or not. A token
  never adds a permission and never crosses practices. A token of another user, an unknown id, a
  stale version or an expiry more than 24 hours after the token's last write (never the server's)
  answers 403 with sub-status 1001 (invalid); an expired one answers 403 with sub-status 1002 and
  'Your temporary access security token has expired.' Either sub-status makes the client drop the
  token.
`;

/** Why out-of-reach resources answer 404. */
export const NOT_FOUND_PROSE = `## 404, not 403, for what is out of reach

403 says "this exists, and you may not": it is kept for the action itself (no \`Note:Update\`, no
flag). A resource outside the caller's reach (another practice, a patient outside the
population, another partition for a portal user) answers 404 'The requested data was not found.'
exactly like a resource that does not exist, because the reach condition is part of the query
that looks it up. Ids cannot be probed, counts do not reveal other patients, and an expansion of
an out-of-reach reference fails like a missing one. The practice's audit trail is not so
discreet: it files the attempt under the patient the caller was not told of (below).

Every call checks in the same order: the permission or flag first (a 403 that does not depend on
the id), then the caller's reach, then existence, so an answer never depends on whether something
out of reach exists. Calls that look things up themselves follow it too: the shared sections of a
group session (403 without \`Note:Update\`, then 404 for a session with a note the caller cannot
update, as for an unknown id), signing and co-signing (the flag before the note), and user
management (an account whose memberships the caller cannot list is a 404, as an unknown one).

**What the server reads for you.** Some answers need records the caller cannot read: a
uniqueness check, the sessions a SessionOverlap rule compares. Such a read may tell that a
conflict exists, never whose: an overlap with a session of a patient outside the signer's
population says "overlaps another session of the same clinician from 05:00 to 06:00" without the
patient's name, and a taken MRN is refused with 'This MRN cannot be used. Leave it empty to have
the next number assigned.' whoever holds it (docs/validation.md). The rest of what the note calls
read as the server (rules, signature configurations, the patient's coverages and authorisation
usage, session end times for the unsigned list) is configuration, or numbers about a patient the
caller already reads.
`;

/** What the audit trail records of refused attempts and of expanded references. */
export const AUDIT_PROSE = `## Audit of refused attempts and expansions

Every attempt on a resource is in the audit trail (HIPAA §164.312(b)), refused ones included.
Each event names the account (\`agent.accountId\`), the acting profile (\`agent.who\`), the
caller's address, the resource (\`entity\`: type and id, or the query of a collection) and, when the
server knows it, the patient (\`patient\`), so the trail can be read by patient, user, date and
outcome.

- **Refused by the repository** (403, 404, 410): a read by id, a version, the history, a content
  download or upload, a create, PUT, PATCH or DELETE, a security token, a query or count, a note
  signature or amendment, a patient merge (filed under the survivor, its \`description\` naming
  the other patient when that one was not reached). One event, outcome Failure, its
  \`description\` saying why: \`Forbidden: no Delete permission on Note.\`, \`Not found: the
  patient is outside the caller's reach.\`, \`Not found: no Note has this id.\`, \`Gone: the Note
  was deleted or is no longer accessible.\` A 403 is a Security Alert (110113); a 404 or 410 keeps
  the type of what was tried (Patient Record 110110, Query 110112, Audit Log Used 110101) with the
  action tried (R, C, U, D, E).
- **The patient is recorded even when the caller is not told.** For a resource out of reach the
  server looks the id up once more, past the caller's reach, and files the event under its
  patient. A missing id is recorded with its id and no patient. A create names the partition it
  asked for; a security token names each allowed patient the owner does not reach. The lookup is
  one statement answering one row whether the id exists or not, so the 404 is the same to the
  caller, database work in \`Server-Timing\` included, as for an id that never existed.
- **Refused elsewhere** (403 from a flag a service checks, a refused security-token header, a
  profile header the session does not own): a Security Alert naming the account, the acting
  profile when the caller has one in the practice, the resource of the URL and its patient.
- **A query refused for permission** (403) is an attempt and is recorded as above; a query
  refused as malformed (400) is not, since it never ran. A conflict (409) is not a refusal of
  access: the caller reached the resource and its earlier read is in the trail. A call on a
  practice the caller does not belong to answers 404 before any resource is looked up and is not
  filed in that practice's trail.
- **Expansion.** Every resource an answer carries is audited under its own patient: with
  \`?expand=\`, a read by id leaves its own read plus a read (110110 R, \`description\` naming the
  path and the resource it was expanded from) of each resource expanded into it, and a page leaves
  its query plus a read of each resource expanded into it, each once per answer. A reference the
  caller was refused although its resource exists (out of reach, or a type it may not read) leaves
  a failed read naming that patient; a reference to nothing leaves no event. An answer's
  expansion events (with a read's own event) are written as one batch, one INSERT of up to 500
  rows, so a page of 100 with expansions is not 100 statements. A page's own items are covered by
  its Query event, not one event each.
`;
