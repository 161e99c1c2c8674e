import { grantSet, manage, only, read, write, type GrantSetArea } from './grant-set-builders.ts';
import { flag } from './permissions.ts';

const healthHistory = flag('clinical', 'HealthHistory');

/** Health history, care plans, documents and other clinical records outside notes. */
export const CLINICAL_GRANT_SETS: GrantSetArea = {
  area: 'Clinical records',
  grantSets: [
    grantSet(
      'Read health history',
      'See allergies, conditions, medications, observations and observable routines.',
      healthHistory,
      read('Allergy', 'Condition', 'Medication', 'Observation', 'ObservableRoutines'),
    ),
    grantSet(
      'Manage health history',
      'Record allergies, conditions, observations and routines (not medications).',
      healthHistory,
      manage('Allergy', 'Condition', 'Observation', 'ObservableRoutines'),
      read('Medication'),
    ),
    grantSet(
      'Manage medications',
      'Prescribe and edit medications, checking allergies and conditions.',
      healthHistory,
      manage('Medication'),
      read('Allergy', 'Condition'),
    ),
    grantSet(
      'Read care plans',
      'See care plans with their goals, objectives, interventions and progress.',
      read('CarePlan', 'CarePlanOutcome', 'CarePlanSession', 'CarePlanGoalTemplate'),
    ),
    grantSet(
      'Manage care plans',
      'Write care plans and their goals, objectives and interventions.',
      manage('CarePlan', 'CarePlanOutcome', 'CarePlanSession'),
      read('Program', 'EpisodeOfCare', 'CarePlanGoalTemplate'),
    ),
    grantSet(
      'Track care plan progress',
      'Record progress against an existing care plan, without changing the plan.',
      read('CarePlan'),
      write('CarePlanOutcome', 'CarePlanSession'),
    ),
    grantSet(
      'Read documents',
      "See a patient's documents, media and imported clinical documents.",
      read('DocumentReference', 'Media', 'ClinicalDocument'),
    ),
    grantSet('Manage documents', "Upload, edit and remove a patient's documents and media.", manage('DocumentReference', 'Media')),
    grantSet(
      'Send documents',
      'Send documents outside the practice (each transmission is a disclosure).',
      manage('DocumentTransmission'),
      read('DocumentReference', 'Patient'),
    ),
    grantSet(
      'Import CDA',
      'Import C-CDA clinical documents, match them to patients and review the parsing tasks.',
      flag('administrative', 'ImportCda'),
      manage('CdaParsingTask', 'ClinicalDocument'),
      only('DocumentReference', 'Create', 'Read'),
      read('Patient'),
    ),
    grantSet(
      'Manage itineraries',
      'Write itineraries: the topic plans notes draw from.',
      flag('administrative', 'ManageItineraries'),
      manage('Itinerary'),
      read('Program'),
    ),
    grantSet(
      'Manage communications',
      'Record letters, calls and e-mails sent to or about patients.',
      manage('Communication'),
      read('Patient'),
    ),
    grantSet(
      'Transcribe dictation',
      'Turn recorded dictation into transcriptions and dialogues (a speech-to-text service).',
      only('Transcription', 'Read', 'Update'),
      only('Dialogue', 'Read', 'Update'),
      read('Media'),
    ),
  ],
};
