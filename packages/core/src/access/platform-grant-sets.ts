import { grantSet, manage, only, read, write, type GrantSetArea } from './grant-set-builders.ts';
import { flag } from './permissions.ts';

/** Global content and the platform itself: associates (internal staff) only, except reading. */
export const PLATFORM_GRANT_SETS: GrantSetArea = {
  area: 'Platform (associates)',
  grantSets: [
    grantSet('Read announcements', 'See product announcements.', read('Announcement')),
    grantSet('Manage announcements', 'Publish product announcements to every practice.', manage('Announcement')),
    grantSet(
      'Manage global templates',
      'Keep the global notations and the snippet, speech-rule and text-expansion templates.',
      manage('Notation', 'SnippetTemplate', 'SpeechRuleTemplate', 'TextExpansionTemplate'),
    ),
    grantSet(
      'View all practices',
      'Reach every practice network (associates with external access only).',
      flag('administrative', 'ViewAllPractices'),
    ),
    grantSet(
      'Manage databases',
      'Provision and remove practice-network databases and keep their key vaults.',
      flag('internal', 'ManageDatabases'),
      manage('KeyVault'),
    ),
    grantSet(
      'Push preassociations',
      'Push pre-associations to a practice network during implementation.',
      flag('internal', 'ManagePreassociations'),
    ),
  ],
};

/** Narrow sets for systems of origin that exchange records with Caseload. */
export const INTEGRATION_GRANT_SETS: GrantSetArea = {
  area: 'Integrations',
  grantSets: [
    grantSet(
      'Sync patients from system of origin',
      'Create and update patients, related persons, enrolments and insurance from the system of origin.',
      write('Patient', 'RelatedPerson', 'EpisodeOfCare', 'Coverage'),
      read('Program', 'Location'),
    ),
    grantSet(
      'Sync appointments from system of origin',
      'Create, move and cancel appointments from the system of origin.',
      manage('Appointment'),
      only('Schedule', 'Read'),
      read('Location', 'HealthcareService', 'Practitioner', 'Patient'),
    ),
  ],
};
