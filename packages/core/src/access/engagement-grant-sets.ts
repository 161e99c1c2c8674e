import { grantSet, manage, only, read, write, type GrantSetArea } from './grant-set-builders.ts';
import { flag } from './permissions.ts';

const viewScheduler = flag('scheduler', 'ViewScheduler');

/** Appointments and schedules. */
export const SCHEDULING_GRANT_SETS: GrantSetArea = {
  area: 'Scheduling',
  grantSets: [
    grantSet(
      'View scheduler',
      'See the scheduler: appointments and schedules.',
      viewScheduler,
      read('Appointment', 'Schedule', 'Location', 'HealthcareService'),
    ),
    grantSet(
      'Manage appointments',
      'Book, move, check in and cancel appointments.',
      viewScheduler,
      manage('Appointment'),
      read('Schedule', 'Location', 'HealthcareService', 'Program', 'Patient', 'Practitioner'),
    ),
    grantSet(
      'Manage schedules',
      "Edit any practitioner's or location's schedule.",
      flag('scheduler', 'CanManageSchedules'),
      viewScheduler,
      manage('Schedule'),
      read('Appointment', 'Location', 'Practitioner'),
    ),
  ],
};

/** Channels, chat messages and notifications. */
export const MESSAGING_GRANT_SETS: GrantSetArea = {
  area: 'Messaging',
  grantSets: [
    grantSet(
      'Message staff',
      "Message other staff in the channels one belongs to; edit and retract one's own messages.",
      flag('messaging', 'CanMessageStaff'),
      read('Channel', 'ChannelMembership', 'Practitioner'),
      manage('ChatMessage'),
    ),
    grantSet(
      'Message patients',
      'Message patients and related persons through the portal.',
      flag('messaging', 'CanMessagePatients'),
      read('Channel', 'ChannelMembership', 'Patient', 'RelatedPerson'),
      write('ChatMessage'),
    ),
    grantSet(
      'Create channels',
      'Open channels, manage their members and close them.',
      flag('messaging', 'CanCreateChannel'),
      manage('Channel', 'ChannelMembership'),
      read('Practitioner'),
    ),
    grantSet(
      'Receive notifications',
      "See, acknowledge and dismiss one's own notifications.",
      only('Notification', 'Read', 'Update', 'Delete'),
    ),
    grantSet(
      'Access all notifications',
      "See and manage every user's notifications, and send notifications.",
      flag('administrative', 'AccessAllNotifications'),
      manage('Notification'),
    ),
  ],
};

/** Forms, questionnaires, packets and the metrics drawn from their answers. */
export const SURVEY_GRANT_SETS: GrantSetArea = {
  area: 'Forms and surveys',
  grantSets: [
    grantSet('Manage forms', 'Author forms and questionnaires.', flag('survey', 'ManageForms'), manage('Form', 'Questionnaire')),
    grantSet(
      'Answer forms',
      'Fill in forms and questionnaires with or for a patient, and discard drafts.',
      flag('survey', 'AnswerForms'),
      manage('QuestionnaireResponse'),
      read('Form', 'Questionnaire'),
    ),
    grantSet(
      'Read form responses',
      "See patients' answers to forms, questionnaires and packets.",
      read('QuestionnaireResponse', 'PacketResponse', 'Questionnaire', 'Packet', 'Form'),
    ),
    grantSet(
      'Manage packets',
      'Assemble packets of forms.',
      flag('survey', 'ManagePackets'),
      manage('Packet'),
      read('Form', 'Questionnaire'),
    ),
    grantSet(
      'Assign packets',
      'Send packets to patients, follow their progress and withdraw them.',
      flag('survey', 'AssignPackets'),
      manage('PacketResponse'),
      read('Packet', 'Patient'),
    ),
    grantSet(
      'View metrics',
      'See outcome metrics computed from questionnaire answers and observations.',
      flag('survey', 'Metrics'),
      read('QuestionnaireResponse', 'PacketResponse', 'Observation', 'Questionnaire'),
    ),
  ],
};
