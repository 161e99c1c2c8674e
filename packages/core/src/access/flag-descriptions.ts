import type { FlagGroup, FlagName } from './permissions.ts';

/**
 * What each flag allows, in words: for the generated access docs and the admin screens that show
 * them. Kept apart from the names (permissions.ts) so code that only checks permissions, the web
 * shell above all, does not carry the prose. Typed against the names: a flag added to or dropped
 * from permissions.ts's FLAG_NAMES without its description here does not compile.
 */
export const FLAGS: { readonly [G in FlagGroup]: Readonly<Record<FlagName<G>, string>> } = {
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
    PatientPopulationAll: 'Reach every patient of the practice whatever its population level.',
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
};

/** What a flag allows, in words, or undefined for a flag that does not exist. */
export function flagDescription(group: string, name: string): string | undefined {
  if (!Object.hasOwn(FLAGS, group)) return undefined;
  const flags: Record<string, string> = FLAGS[group as FlagGroup];
  return Object.hasOwn(flags, name) ? flags[name] : undefined;
}
