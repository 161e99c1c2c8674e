import { grantSet, manage, only, read, write, type GrantSetArea } from './grant-set-builders.ts';
import { flag } from './permissions.ts';
import { portalPermissions } from './portal.ts';

/** Patients, their registration, enrolment, insurance and consents; reach and portal access. */
export const PATIENT_GRANT_SETS: GrantSetArea = {
  area: 'Patients',
  grantSets: [
    grantSet(
      'Read patients',
      'See patient records, their related persons, enrolments, insurance and consents.',
      read('Patient', 'RelatedPerson', 'EpisodeOfCare', 'Coverage', 'Consent'),
    ),
    grantSet(
      'Manage patients',
      'Register and edit patients, their related persons and their enrolments in programs.',
      write('Patient'),
      manage('RelatedPerson', 'EpisodeOfCare'),
      read('Coverage', 'Consent', 'Program'),
    ),
    grantSet(
      'Merge patients',
      'Merge a duplicate patient into another; the duplicate is deleted.',
      flag('administrative', 'MergePatients'),
      only('Patient', 'Read', 'Update', 'Delete'),
      read('EpisodeOfCare'),
    ),
    grantSet('Manage insurance coverage', "Record and edit patients' insurance coverage.", manage('Coverage'), read('Patient', 'Contract')),
    grantSet(
      'Manage consents',
      'Record, edit and withdraw consents, with their signed documents.',
      manage('Consent'),
      read('Patient', 'DocumentReference'),
    ),
    grantSet(
      'Access all patients',
      "Reach every patient of the practice whatever the practice's population level.",
      flag('clinical', 'PatientPopulationAll'),
    ),
    grantSet('Use security tokens', "Open patients: keep one's own 24-hour security token of open patients.", manage('SecurityToken')),
    grantSet(
      'Manage security tokens',
      "Give oneself temporary access to any practice patient; see and revoke others' tokens.",
      flag('administrative', 'SecurityTokenManagement'),
      manage('SecurityToken'),
      read('Patient'),
    ),
    grantSet(
      'Invite users',
      'Send sign-up invites to patients, related persons and practitioners.',
      flag('administrative', 'CanInviteUsers'),
      read('Patient', 'RelatedPerson', 'Practitioner'),
    ),
    grantSet(
      'Patient portal self',
      "A patient's portal login: their own partition, as listed in the portal table.",
      portalPermissions('Patient'),
    ),
    grantSet(
      'Related person portal',
      "A related person's portal login: the related patient's partition, as listed in the portal table.",
      portalPermissions('RelatedPerson'),
    ),
  ],
};
