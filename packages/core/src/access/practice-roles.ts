import type { Role } from './roles.ts';

/** What every staff login holds: the directory, one's own settings, messaging and writing aids. */
const BASE_STAFF = [
  'Read practitioners', 'Read practice preferences', 'Personal settings', 'Receive notifications',
  'Read announcements', 'Message staff', 'Use security tokens', 'View scheduler', 'Manage scribbles',
  'Manage snippets', 'Manage text expansions', 'Manage speech rules',
];

/** A staff member who documents services. */
const PRACTITIONER = [
  ...BASE_STAFF, 'Read patients', 'Read notes', 'Manage notes', 'Sign notes', 'Manage note templates',
  'Read health history', 'Read care plans', 'Track care plan progress', 'Read documents', 'Answer forms',
  'Read form responses', 'Manage appointments',
];

/** A licensed clinician who owns treatment: health history, care plans, documents, patient contact. */
const CLINICIAN = [
  ...PRACTITIONER, 'Manage health history', 'Manage care plans', 'Manage documents', 'Manage consents',
  'Manage group notes', 'Delete notes', 'Assign packets', 'Message patients', 'Create channels',
  'View metrics', 'Manage communications',
];

/** The sets that only Bells-style integrations need: practice-wide reach, no interactive features. */
const INTEGRATION = [
  'Read practitioners', 'Read practice preferences', 'Access all patients', 'Read notes', 'Read documents',
  'Sync patients from system of origin',
];

/** The named practice roles of SPEC.md section 6, with their default grant sets. */
export const PRACTICE_ROLES: readonly Role[] = [
  {
    name: 'Patient',
    kind: 'practice',
    description: "A patient's portal login; reaches only the patient's own partition (portal table).",
    grantSets: ['Patient portal self'],
  },
  {
    name: 'Practitioner',
    kind: 'practice',
    description: 'A staff member who documents services: reads the chart, writes and signs own notes.',
    grantSets: PRACTITIONER,
  },
  {
    name: 'Non-Prescribing Clinician',
    kind: 'practice',
    description: 'A clinician who owns treatment: health history, care plans, documents, patient messaging.',
    grantSets: CLINICIAN,
  },
  {
    name: 'Prescribing Clinician',
    kind: 'practice',
    description: 'A clinician who also prescribes: adds and edits medications.',
    grantSets: [...CLINICIAN, 'Manage medications'],
  },
  {
    name: 'Supervisor',
    kind: 'practice',
    description: "A clinician who supervises others: co-signs their notes, sees supervision and quality.",
    grantSets: [
      ...CLINICIAN, 'Co-sign notes', 'View supervision', 'View quality assurance', 'View audit reviews',
      'Manage reports',
    ],
  },
  {
    name: 'Scribe',
    kind: 'practice',
    description: 'Drafts notes and scribe sessions with dictation for a clinician to sign; cannot sign.',
    grantSets: [
      ...BASE_STAFF, 'Read patients', 'Read notes', 'Scribe user', 'Read health history', 'Read care plans',
      'Read documents', 'Answer forms',
    ],
  },
  {
    name: 'Quality Assurance',
    kind: 'practice',
    description: 'Reviews documentation across the practice and edits audits; never edits clinical content.',
    grantSets: [
      ...BASE_STAFF, 'Read patients', 'Access all patients', 'Read notes', 'Read health history',
      'Read care plans', 'Read documents', 'Read form responses', 'View quality assurance',
      'Edit compliance audits', 'Edit note audits', 'View audit reviews', 'View metrics', 'Manage reports',
    ],
  },
  {
    name: 'Administrative',
    kind: 'practice',
    description: 'Runs the practice: users, roles, programs, locations, services, preferences; no clinical notes.',
    grantSets: [
      ...BASE_STAFF, 'Read patients', 'Access all patients', 'Manage patients', 'Merge patients',
      'Manage insurance coverage', 'Invite users', 'Manage users', 'Manage roles', 'Assign roles', 'View permissions', 'Manage programs',
      'Manage locations', 'Manage services', 'Manage contracts', 'Manage practice preferences',
      'Manage scripts', 'Manage note configuration', 'Manage itineraries', 'Manage forms', 'Manage packets',
      'Manage appointments', 'Manage schedules', 'Manage security tokens', 'Access all notifications',
      'Create channels', 'Manage reports', 'Email reports', 'Distribute reports outside the practice',
      'View audit log', 'Import CDA',
    ],
  },
  {
    name: 'Case Management',
    kind: 'practice',
    description: 'Coordinates care: registers patients, keeps care plans, documents and signs case notes.',
    grantSets: [
      ...BASE_STAFF, 'Read patients', 'Manage patients', 'Manage insurance coverage', 'Manage consents',
      'Invite users', 'Read notes', 'Manage notes', 'Sign notes', 'Manage note templates',
      'Read health history', 'Read care plans', 'Manage care plans', 'Read documents', 'Manage documents',
      'Send documents', 'Manage communications', 'Manage appointments', 'Message patients',
      'Create channels', 'Answer forms', 'Read form responses', 'Assign packets',
    ],
  },
  {
    name: 'Support',
    kind: 'practice',
    description: 'Front-desk support: registration, insurance, consents, documents, scheduling; no notes.',
    grantSets: [
      ...BASE_STAFF, 'Read patients', 'Access all patients', 'Manage patients', 'Manage insurance coverage',
      'Manage consents', 'Invite users', 'Read documents', 'Manage documents', 'Send documents', 'Manage communications',
      'Manage appointments', 'Manage schedules', 'Message patients', 'Assign packets',
    ],
  },
  {
    name: 'Services',
    kind: 'practice',
    description: 'Billing and services: keeps services, contracts and insurance; reads notes to bill; reports.',
    grantSets: [
      ...BASE_STAFF, 'Read patients', 'Access all patients', 'Read notes', 'Read care plans', 'Manage insurance coverage',
      'Manage services', 'Manage contracts', 'Manage reports', 'Email reports',
    ],
  },
  {
    name: 'Automation',
    kind: 'practice',
    description: 'A service account for integrations and jobs: CDA import, transcription, report and document delivery.',
    grantSets: [
      'Read patients', 'Read practitioners', 'Read practice preferences', 'Access all patients', 'Read notes',
      'Import CDA', 'Transcribe dictation', 'Send documents', 'Access all notifications', 'Email reports',
    ],
  },
  {
    name: 'Sandbox',
    kind: 'practice',
    description: 'A demonstration role in a sandbox practice: clinical and configuration work, nothing that reaches outside.',
    grantSets: [
      ...CLINICIAN.filter((g) => g !== 'Message patients'), 'Manage medications', 'Co-sign notes',
      'View supervision', 'View quality assurance', 'Edit compliance audits', 'Edit note audits',
      'View audit reviews', 'Access all patients', 'Manage patients', 'Manage insurance coverage',
      'Manage programs', 'Manage locations', 'Manage services', 'Manage note configuration',
      'Manage itineraries', 'Manage forms', 'Manage packets', 'Manage schedules', 'Manage reports',
      'View permissions',
    ],
  },
  {
    name: 'Bells',
    kind: 'practice',
    description: 'Integration with the Bells system of origin: syncs patients in, reads signed notes and documents out.',
    grantSets: INTEGRATION,
  },
  {
    name: 'Bells Unity',
    kind: 'practice',
    description: 'Integration with Bells Unity: as Bells, and also syncs appointments.',
    grantSets: [...INTEGRATION, 'Sync appointments from system of origin'],
  },
];
