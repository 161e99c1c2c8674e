import { grantSet, manage, only, read, write, type GrantSetArea } from './grant-set-builders.ts';
import { flag } from './permissions.ts';

/**
 * What it takes to render a note: the note, its encounter and the configuration it follows,
 * including the practice's note rules (the editor checks them live, the server again at signing).
 */
const noteContext = read(
  'Note',
  'Encounter',
  'Dialogue',
  'Transcription',
  'NoteDefinition',
  'NoteSectionForm',
  'NoteTemplate',
  'NoteRule',
  'GroupNoteDefinition',
  'SignatureConfiguration',
  'Form',
  'Itinerary',
  'Notation',
);

/** Notes, their signing, scribing and configuration, and the writing aids clinicians use. */
export const NOTE_GRANT_SETS: GrantSetArea = {
  area: 'Notes',
  grantSets: [
    grantSet('Read notes', 'See notes, their encounters and the configuration they follow.', noteContext),
    grantSet(
      'Manage notes',
      'Document notes and their encounters, including dictation; unsigned until signed.',
      flag('clinical', 'Note'),
      write('Note', 'Encounter', 'Dialogue', 'Transcription'),
      only('Media', 'Create', 'Read'),
      read('NoteDefinition', 'NoteSectionForm', 'NoteTemplate', 'NoteRule', 'SignatureConfiguration', 'Form', 'Itinerary'),
    ),
    grantSet(
      'Delete notes',
      'Delete unsigned draft notes and their encounters (signed notes are amended or marked entered in error).',
      only('Note', 'Read', 'Delete'),
      only('Encounter', 'Read', 'Delete'),
    ),
    grantSet(
      'Sign notes',
      "Sign one's notes with one's personal signature, making them final.",
      flag('clinical', 'SignNote'),
      only('Note', 'Read', 'Update'),
      read('PersonalSignature', 'SignatureConfiguration'),
    ),
    grantSet(
      'Co-sign notes',
      "Co-sign a supervisee's note.",
      flag('clinical', 'CoSignNote'),
      only('Note', 'Read', 'Update'),
      read('PersonalSignature', 'SignatureConfiguration', 'Practitioner'),
    ),
    grantSet(
      'Manage group notes',
      'Define group sessions and their groups, and document group and multi-service notes.',
      flag('clinical', 'Note'),
      manage('GroupNoteDefinition', 'Group'),
      write('Note', 'Encounter'),
      read('NoteDefinition', 'Patient'),
    ),
    grantSet(
      'Scribe user',
      'Draft notes and scribe sessions with dictation for a clinician to sign; never sign.',
      flag('administrative', 'Scribe'),
      flag('clinical', 'Note'),
      write('Note', 'Encounter'),
      manage('Dialogue', 'Transcription'),
      only('Media', 'Create', 'Read'),
      read('NoteDefinition', 'NoteTemplate', 'Practitioner'),
    ),
    grantSet(
      'Manage note configuration',
      'Configure note definitions, section forms, note templates, note rules, signature configurations and care-plan goal templates.',
      flag('administrative', 'ClinicalConfiguration'),
      manage('NoteDefinition', 'NoteSectionForm', 'NoteTemplate', 'NoteRule', 'SignatureConfiguration', 'CarePlanGoalTemplate'),
      read('Form', 'Program', 'HealthcareService'),
    ),
    grantSet('Manage note templates', 'Write note templates.', manage('NoteTemplate'), read('NoteDefinition')),
    grantSet('Manage scribbles', 'Keep personal scribbles and share them.', manage('Scribble', 'SharedScribble')),
    grantSet('Manage snippets', 'Write snippets, from the global templates.', manage('Snippet'), read('SnippetTemplate')),
    grantSet(
      'Manage text expansions',
      'Write text expansions, from the global templates.',
      manage('TextExpansion'),
      read('TextExpansionTemplate'),
    ),
    grantSet(
      'Manage speech rules',
      'Write dictation speech rules, from the global templates.',
      manage('SpeechRule'),
      read('SpeechRuleTemplate'),
    ),
  ],
};

/** Quality assurance, audits and supervision: reviewing clinical work without writing it. */
export const QUALITY_GRANT_SETS: GrantSetArea = {
  area: 'Quality and supervision',
  grantSets: [
    grantSet(
      'View quality assurance',
      'See the quality-assurance area: note audits and compliance audits.',
      flag('clinical', 'QualityAssurance'),
      read('NoteAudit', 'ComplianceAudit', 'ComplianceQuestionnaire', 'Note', 'Encounter'),
    ),
    grantSet(
      'Edit compliance audits',
      'Perform compliance audits and write the questionnaires they follow.',
      flag('administrative', 'CanEditComplianceAudit'),
      manage('ComplianceAudit', 'ComplianceQuestionnaire'),
      read('Note', 'Program', 'HealthcareService'),
    ),
    grantSet(
      'Edit note audits',
      'Record note audits: similar and overlapping notes, findings.',
      flag('administrative', 'CanEditNoteAudit'),
      manage('NoteAudit'),
      read('Note', 'Encounter'),
    ),
    grantSet(
      'View audit reviews',
      'See the compliance-audit reviews attached to note audits.',
      flag('administrative', 'CanViewAuditReviews'),
      read('NoteAudit', 'ComplianceAudit'),
    ),
    grantSet(
      'View supervision',
      'See the supervision area: supervisees, their notes and their patients.',
      flag('clinical', 'Supervision'),
      read('Practitioner', 'Note', 'Encounter'),
    ),
  ],
};
