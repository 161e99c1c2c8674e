import { can, flag, holds, type FlagPermission, type Permission } from '@caseload/core';
import {
  IconAdjustmentsHorizontal,
  IconBuildingCommunity,
  IconBuildingHospital,
  IconClipboardCheck,
  IconFileDescription,
  IconMap2,
  IconMapPin,
  IconMicrophone,
  IconNotes,
  IconPackage,
  IconShieldLock,
  IconSignature,
  IconSitemap,
  IconStethoscope,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

export type AdminSectionId =
  | 'organizations'
  | 'districts'
  | 'programs'
  | 'locations'
  | 'services'
  | 'listings'
  | 'groups'
  | 'roles'
  | 'note-definitions'
  | 'note-templates'
  | 'note-rules'
  | 'signature-configurations'
  | 'packets'
  | 'preferences'
  | 'scribe';

/**
 * One screen of the administration area. `title` and `description` are product text in the
 * default labels; screens pass them through `relabel`, so a practice's own words show.
 */
export interface AdminSection {
  id: AdminSectionId;
  /** The path under /administration. */
  path: string;
  title: string;
  /** One and many, for buttons and empty states. */
  noun: { singular: string; plural: string };
  description: string;
  resourceType: string;
  collection: string;
  icon: Icon;
  /** The action the section needs on resourceType (Read unless said). */
  action?: 'Update';
  /** A flag the section needs besides (a screen only its grant set's holders work in). */
  needs?: FlagPermission;
}

const section = (s: AdminSection) => s;

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  section({
    id: 'programs',
    path: 'programs',
    title: 'Programs',
    noun: { singular: 'Program', plural: 'Programs' },
    description: 'Service lines patients are enrolled in; notes, diagnoses and reports can be limited by program.',
    resourceType: 'Program',
    collection: 'Programs',
    icon: IconSitemap,
  }),
  section({
    id: 'locations',
    path: 'locations',
    title: 'Locations',
    noun: { singular: 'Location', plural: 'Locations' },
    description: 'Where services are given, each with the place-of-service code claims carry.',
    resourceType: 'Location',
    collection: 'Locations',
    icon: IconMapPin,
  }),
  section({
    id: 'services',
    path: 'services',
    title: 'Services',
    noun: { singular: 'Service', plural: 'Services' },
    description: 'The service types sessions are documented as: billable or not, for groups, in billing units.',
    resourceType: 'HealthcareService',
    collection: 'HealthcareServices',
    icon: IconStethoscope,
  }),
  section({
    id: 'organizations',
    path: 'organizations',
    title: 'Organizations',
    noun: { singular: 'Organization', plural: 'Organizations' },
    description: 'The organizations of the practice network, and the payers it bills.',
    resourceType: 'Organization',
    collection: 'Organizations',
    icon: IconBuildingHospital,
  }),
  section({
    id: 'districts',
    path: 'districts',
    title: 'Districts',
    noun: { singular: 'District', plural: 'Districts' },
    description: 'Regions of an organization that programs belong to.',
    resourceType: 'District',
    collection: 'Districts',
    icon: IconMap2,
  }),
  section({
    id: 'listings',
    path: 'departments',
    title: 'Departments & teams',
    noun: { singular: 'Department or team', plural: 'Departments & teams' },
    description: 'Departments and teams Practitioners are employed in or belong to.',
    resourceType: 'Listing',
    collection: 'Listings',
    icon: IconBuildingCommunity,
  }),
  section({
    id: 'groups',
    path: 'staff-groups',
    title: 'Staff groups',
    noun: { singular: 'Staff group', plural: 'Staff groups' },
    description: 'Named groups of Practitioners, for messaging, assignments and reports.',
    resourceType: 'Group',
    collection: 'Groups',
    icon: IconUsersGroup,
  }),
  section({
    id: 'roles',
    path: 'roles',
    title: 'Security roles',
    noun: { singular: 'Security role', plural: 'Security roles' },
    description: "The practice's own roles, each made of grant sets. Nobody can hand out more than they may.",
    resourceType: 'SecurityRole',
    collection: 'SecurityRoles',
    icon: IconShieldLock,
  }),
  // Note configuration (issue 7): the panels are features/notes-admin's (SetupPanels.tsx routes to them).
  section({
    id: 'note-definitions',
    path: 'note-definitions',
    title: 'Note definitions',
    noun: { singular: 'Note definition', plural: 'Note definitions' },
    description: 'What clinicians write: individual, group and multi-service notes, their sections, for which programs and services.',
    resourceType: 'NoteDefinition',
    collection: 'NoteDefinitions',
    icon: IconFileDescription,
  }),
  section({
    id: 'note-templates',
    path: 'note-templates',
    title: 'Note templates',
    noun: { singular: 'Note template', plural: 'Note templates' },
    description: 'Prefilled content for a note definition, so a routine note starts half written.',
    resourceType: 'NoteTemplate',
    collection: 'NoteTemplates',
    icon: IconNotes,
  }),
  section({
    id: 'note-rules',
    path: 'note-rules',
    title: 'Note rules',
    noun: { singular: 'Note rule', plural: 'Note rules' },
    description: 'Checks a note must pass: shown while it is written, and enforced again when it is signed.',
    resourceType: 'NoteRule',
    collection: 'NoteRules',
    icon: IconClipboardCheck,
  }),
  section({
    id: 'signature-configurations',
    path: 'signatures',
    title: 'Signatures',
    noun: { singular: 'Signature configuration', plural: 'Signature configurations' },
    description: 'Who must sign which notes: the author, a supervisor for unlicensed staff, the patient or a related person.',
    resourceType: 'SignatureConfiguration',
    collection: 'SignatureConfigurations',
    icon: IconSignature,
  }),
  // Issue 23: features/packet-builder; for those who assemble packets, not those who only send them.
  section({
    id: 'packets',
    path: 'packets',
    title: 'Packets',
    noun: { singular: 'Packet', plural: 'Packets' },
    description: 'Intake paperwork sent to patients or guardians: questionnaires, consents and documents, in order.',
    resourceType: 'Packet',
    collection: 'Packets',
    icon: IconPackage,
    needs: flag('survey', 'ManagePackets'),
  }),
  section({
    id: 'preferences',
    path: 'preferences',
    title: 'Preferences',
    noun: { singular: 'Preferences', plural: 'Preferences' },
    description: 'How the practice works: notes, scheduling, reports, the scribe, mobile, and the words it uses.',
    resourceType: 'PracticePreferences',
    collection: 'PracticePreferences',
    icon: IconAdjustmentsHorizontal,
  }),
  // Issue 22: features/scribe-settings; only for those the server lets call scribe/settings.
  section({
    id: 'scribe',
    path: 'scribe',
    title: 'Scribe settings',
    noun: { singular: 'Scribe settings', plural: 'Scribe settings' },
    description: 'Transcription and note-generator providers, session audio retention and note formats.',
    resourceType: 'PracticePreferences',
    collection: 'PracticePreferences',
    icon: IconMicrophone,
    action: 'Update',
  }),
];

/** The sections the user may open: those whose records they may read (all when that is not known). */
export function visibleSections(permissions: ReadonlySet<Permission> | undefined): AdminSection[] {
  return ADMIN_SECTIONS.filter(
    (s) => !permissions || (can(permissions, s.action ?? 'Read', s.resourceType) && (!s.needs || holds(permissions, s.needs))),
  );
}
