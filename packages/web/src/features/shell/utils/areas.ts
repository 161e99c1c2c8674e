import type { Permission } from '@caseload/core';
import {
  IconBolt,
  IconBuilding,
  IconCalendarEvent,
  IconClipboardList,
  IconFileImport,
  IconForms,
  IconLayoutDashboard,
  IconListSearch,
  IconMessages,
  IconMicrophone,
  IconNotes,
  IconReportAnalytics,
  IconRoute,
  IconScribble,
  IconShieldCheck,
  IconSignature,
  IconTarget,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export type AreaId =
  | 'dashboard'
  | 'patients'
  | 'notes'
  | 'assessments'
  | 'scribe'
  | 'care-plans'
  | 'schedule'
  | 'messages'
  | 'reports'
  | 'compliance'
  | 'audit-trail'
  | 'scribbles'
  | 'snippets'
  | 'signatures'
  | 'itineraries'
  | 'forms'
  | 'document-import'
  | 'administration';

export type AreaGroup = 'Overview' | 'Clinical work' | 'Patients and families' | 'Writing tools' | 'Oversight' | 'Practice';

/**
 * One feature area of SPEC.md section 1: where it lives, how the navigation names it, what will
 * be there (the empty state's sentence until it is built), and who may reach it.
 */
export interface Area {
  id: AreaId;
  path: string;
  label: string;
  /** A shorter label for the phone's bottom bar. */
  shortLabel?: string;
  group: AreaGroup;
  icon: Icon;
  description: string;
  /**
   * Shown to users holding any of these (read access to a type, or a flag); absent means everyone
   * signed in. Only a guide for the navigation: the server decides every call.
   */
  anyOf?: readonly Permission[];
}

export const AREAS: readonly Area[] = [
  {
    id: 'dashboard',
    path: '/',
    label: 'Dashboard',
    shortLabel: 'Home',
    group: 'Overview',
    icon: IconLayoutDashboard,
    description: "Today's appointments, notes waiting for your signature and what changed since you last looked.",
  },
  {
    id: 'patients',
    path: '/patients',
    label: 'Patients',
    group: 'Clinical work',
    icon: IconUsers,
    description: 'The patients you care for: their charts, enrolments, care teams and health history.',
    anyOf: ['Patient:Read'],
  },
  {
    id: 'notes',
    path: '/notes',
    label: 'Notes',
    group: 'Clinical work',
    icon: IconNotes,
    description: 'Individual, group and multi-service notes: drafting, signing and co-signing.',
    anyOf: ['Note:Read'],
  },
  {
    id: 'assessments',
    path: '/assessments',
    label: 'Assessments & documentation',
    shortLabel: 'Assessments',
    group: 'Clinical work',
    icon: IconClipboardList,
    description: 'Assessments and documentation notes, with the questionnaires and scores behind them.',
    anyOf: ['QuestionnaireResponse:Read', 'Note:Read'],
  },
  {
    id: 'scribe',
    path: '/scribe',
    label: 'Scribe sessions',
    group: 'Clinical work',
    icon: IconMicrophone,
    description: 'Dictate or record a session and get a drafted note in the format you choose.',
    anyOf: ['Transcription:Read', 'Dialogue:Read'],
  },
  {
    id: 'care-plans',
    path: '/care-plans',
    label: 'Care plans',
    group: 'Clinical work',
    icon: IconTarget,
    description: 'Care plans with their goals, objectives and interventions, and progress against them.',
    anyOf: ['CarePlan:Read'],
  },
  {
    id: 'schedule',
    path: '/schedule',
    label: 'Appointments',
    shortLabel: 'Schedule',
    group: 'Patients and families',
    icon: IconCalendarEvent,
    description: 'Appointments and schedules for you, your colleagues and your locations.',
    anyOf: ['Appointment:Read', 'Schedule:Read'],
  },
  {
    id: 'messages',
    path: '/messages',
    label: 'Messages',
    group: 'Patients and families',
    icon: IconMessages,
    description: 'Messaging channels with colleagues, patients and their families.',
    anyOf: ['Channel:Read', 'ChatMessage:Read'],
  },
  {
    id: 'forms',
    path: '/forms',
    label: 'Forms & packets',
    shortLabel: 'Forms',
    group: 'Patients and families',
    icon: IconForms,
    description: 'Forms and the packets of them sent to patients to fill in, with their answers.',
    anyOf: ['Form:Read', 'Packet:Read', 'PacketResponse:Read'],
  },
  {
    id: 'scribbles',
    path: '/scribbles',
    label: 'Scribbles',
    group: 'Writing tools',
    icon: IconScribble,
    description: 'Quick personal jottings about patients, and the ones colleagues share with you.',
    anyOf: ['Scribble:Read', 'SharedScribble:Read'],
  },
  {
    id: 'snippets',
    path: '/snippets',
    label: 'Snippets & speech rules',
    shortLabel: 'Snippets',
    group: 'Writing tools',
    icon: IconBolt,
    description: 'Snippets, text expansions and speech rules that make writing and dictating notes faster.',
    anyOf: ['Snippet:Read', 'TextExpansion:Read', 'SpeechRule:Read'],
  },
  {
    id: 'signatures',
    path: '/signatures',
    label: 'Signature configurations',
    shortLabel: 'Signatures',
    group: 'Writing tools',
    icon: IconSignature,
    description: 'Who signs and co-signs which notes, and how signatures appear on them.',
    anyOf: ['SignatureConfiguration:Read'],
  },
  {
    id: 'itineraries',
    path: '/itineraries',
    label: 'Itineraries',
    group: 'Writing tools',
    icon: IconRoute,
    description: 'Topic plans to follow through a series of sessions, used while writing notes.',
    anyOf: ['Itinerary:Read'],
  },
  {
    id: 'reports',
    path: '/reports',
    label: 'Reports',
    group: 'Oversight',
    icon: IconReportAnalytics,
    description: 'Reports on notes, services and patient access, run now or delivered by e-mail on a schedule.',
    anyOf: ['ReportCriteria:Read', 'ReportDelivery:Read'],
  },
  {
    id: 'compliance',
    path: '/compliance',
    label: 'Compliance & note audits',
    shortLabel: 'Audits',
    group: 'Oversight',
    icon: IconShieldCheck,
    description: 'Compliance audits and note audits, with their reviews and follow-ups.',
    anyOf: ['ComplianceAudit:Read', 'NoteAudit:Read'],
  },
  {
    id: 'audit-trail',
    path: '/audit-trail',
    label: 'Audit trail',
    group: 'Oversight',
    icon: IconListSearch,
    description: 'Who did what to which record, and when: every access to patient data, sign-in and export, with CSV export.',
    // What the server checks for reading AuditEvents (the grant set "View audit log").
    anyOf: ['AuditEvent:Read'],
  },
  {
    id: 'document-import',
    path: '/document-import',
    label: 'Clinical document import',
    shortLabel: 'Import',
    group: 'Practice',
    icon: IconFileImport,
    description: 'Import clinical documents (C-CDA) and match them to the right patients.',
    anyOf: ['administrative:ImportCda:Allow', 'CdaParsingTask:Read'],
  },
  {
    id: 'administration',
    path: '/administration',
    label: 'Administration',
    shortLabel: 'Admin',
    group: 'Practice',
    icon: IconBuilding,
    description: "The practice's users, roles, programs, locations, services and preferences.",
    anyOf: [
      'administrative:CanManageUsers:Allow',
      'administrative:RoleManagement:Allow',
      'administrative:CanViewPermission:Allow',
      'administrative:ClinicalConfiguration:Allow',
      'PracticePreferences:Update',
    ],
  },
];

export const AREA_GROUPS: readonly AreaGroup[] = [
  'Overview',
  'Clinical work',
  'Patients and families',
  'Writing tools',
  'Oversight',
  'Practice',
];

export const areaById = (id: AreaId): Area => AREAS.find((a) => a.id === id)!;
