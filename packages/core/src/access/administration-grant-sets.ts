import { grantSet, manage, only, read, type GrantSetArea } from './grant-set-builders.ts';
import { flag } from './permissions.ts';

/** The practice's structure, users, roles and preferences. */
export const ADMINISTRATION_GRANT_SETS: GrantSetArea = {
  area: 'Practice administration',
  grantSets: [
    grantSet('Read practitioners', "See the practice's staff directory and its listings.", read('Practitioner', 'Listing')),
    grantSet(
      'Manage users',
      "Create, edit and deactivate practitioners, and keep the practice's listings.",
      flag('administrative', 'CanManageUsers'),
      manage('Practitioner', 'Listing'),
      read('SecurityRole', 'Group'),
    ),
    grantSet(
      'Manage roles',
      "Define the practice's security roles from any practice grant set, and give them to users.",
      flag('administrative', 'RoleManagement'),
      manage('SecurityRole'),
      read('GrantSet'),
    ),
    grantSet(
      'Assign roles',
      'Give users security roles, never beyond the permissions one holds oneself.',
      flag('administrative', 'CanModifyRoles'),
      only('Practitioner', 'Read', 'Update'),
      read('SecurityRole', 'GrantSet'),
    ),
    grantSet(
      'View permissions',
      "See security roles, grant sets and a user's effective permissions.",
      flag('administrative', 'CanViewPermission'),
      read('SecurityRole', 'GrantSet', 'Practitioner'),
    ),
    grantSet(
      'Manage programs',
      "Keep the practice's programs, organisations and districts.",
      manage('Program', 'Organization', 'District'),
    ),
    grantSet('Manage locations', "Keep the practice's locations.", manage('Location'), read('Organization')),
    grantSet('Manage services', "Keep the practice's healthcare services.", manage('HealthcareService')),
    grantSet('Manage contracts', 'Keep payer contracts and the programs they cover.', manage('Contract'), read('Program')),
    grantSet(
      'Read practice preferences',
      "See the practice's preferences and structure: programs, locations, services, organisations.",
      read('PracticePreferences', 'Program', 'Location', 'HealthcareService', 'Organization', 'District'),
    ),
    grantSet(
      'Manage practice preferences',
      "Change the practice's preferences (labels, note rules, session timeout, population level).",
      manage('PracticePreferences'),
    ),
    grantSet('Manage scripts', "Keep the practice's scripts run by automation.", manage('Script')),
    grantSet('Personal settings', "Keep one's own preferences and personal signature.", manage('PersonalPreferences', 'PersonalSignature')),
    grantSet(
      'Full permissions',
      'Everything within the practice; never cross-practice, internal or global writes.',
      flag('administrative', 'FullPermissions'),
      read('Announcement', 'Notation', 'SnippetTemplate', 'SpeechRuleTemplate', 'TextExpansionTemplate'),
    ),
  ],
};

/** Reports, their e-mail delivery and the audit log. */
export const REPORT_GRANT_SETS: GrantSetArea = {
  area: 'Reports and audit',
  grantSets: [
    grantSet('Manage reports', 'Define and run reports, and see their deliveries.', manage('ReportCriteria'), read('ReportDelivery')),
    grantSet(
      'Email reports',
      'Deliver reports by e-mail to practice users, and decrypt a delivery password.',
      flag('administrative', 'CanEmailReports'),
      manage('ReportDelivery'),
      read('ReportCriteria', 'Practitioner'),
    ),
    grantSet(
      'Distribute reports outside the practice',
      'Send report deliveries to recipients outside the practice.',
      flag('administrative', 'ModifyNonPracticeDistribution'),
      only('ReportDelivery', 'Read', 'Update'),
    ),
    grantSet(
      'View audit log',
      'Read the audit trail by patient, user and time (itself audited as Audit Log Used).',
      flag('administrative', 'ViewAuditLog'),
      read('AuditEvent', 'Practitioner', 'Patient'),
    ),
  ],
};
