import { permission, type Action, type Permission } from './permissions.ts';

/**
 * What a portal login (a patient, or a related person such as a parent or guardian) may reach.
 * A portal user's partition is one patient's id: the patient's own, or the patient the related
 * person relates to. Nothing outside it is reachable, whatever the grant sets say.
 */

/** The two kinds of portal login. */
export type PortalSubject = 'Patient' | 'RelatedPerson';

/**
 * How a portal user reaches records of a type:
 * - `partition`: records whose `partition` is the portal user's patient (a patient-partitioned type);
 * - `self`: the portal user's own record only (a related person's own RelatedPerson);
 * - `patient-record`: the Patient record of the portal partition (its id is the partition);
 * - `owner`: records whose `owner` is the portal user (unpartitioned personal records);
 * - `assigned`: definitions referenced by a response in the partition (a packet's forms);
 * - `member`: channels, and their memberships, in which the portal user is a member;
 * - `shared`: records of the partition that staff shared with the patient (`sharedWithPatient`);
 * - `partition-except-unshared`: records of the partition, except the files of documents not
 *   shared with the patient (the Media a DocumentReference names while it is not shared, or deleted).
 */
export type PortalReach =
  'partition' | 'self' | 'patient-record' | 'owner' | 'assigned' | 'member' | 'shared' | 'partition-except-unshared';

/** One type a portal user reaches, with the actions and how. */
export interface PortalAccess {
  resourceType: string;
  actions: readonly Action[];
  reach: PortalReach;
  /** When present, an update may change only these top-level fields. */
  updatableFields?: readonly string[];
  /** Why the portal needs it, and any further limit the server applies. */
  note: string;
}

const shared: readonly PortalAccess[] = [
  {
    resourceType: 'Appointment',
    actions: ['Read', 'Update'],
    reach: 'partition',
    updatableFields: ['status'],
    note: 'See upcoming visits; cancel one only when the practice sets allowAppointmentCancellation.',
  },
  {
    resourceType: 'QuestionnaireResponse',
    actions: ['Create', 'Read', 'Update'],
    reach: 'partition',
    note: 'Answer assigned forms; a completed response can no longer be changed.',
  },
  {
    resourceType: 'PacketResponse',
    actions: ['Create', 'Read', 'Update'],
    reach: 'partition',
    note: 'Work through an assigned packet of forms; its progress, link and review are written by the packet calls only.',
  },
  { resourceType: 'Packet', actions: ['Read'], reach: 'assigned', note: 'The packets assigned to the patient.' },
  { resourceType: 'Questionnaire', actions: ['Read'], reach: 'assigned', note: 'The questionnaires of those packets.' },
  { resourceType: 'Form', actions: ['Read'], reach: 'assigned', note: 'The forms of those packets.' },
  { resourceType: 'ChatMessage', actions: ['Create', 'Read'], reach: 'partition', note: "Message the patient's care team." },
  { resourceType: 'Channel', actions: ['Read'], reach: 'member', note: 'The channels the portal user belongs to.' },
  { resourceType: 'ChannelMembership', actions: ['Read'], reach: 'member', note: 'Who else is in those channels.' },
  { resourceType: 'Consent', actions: ['Create', 'Read'], reach: 'partition', note: 'Read and give consents.' },
  {
    resourceType: 'DocumentReference',
    actions: ['Read'],
    reach: 'shared',
    note: "Documents staff shared with the patient; an unshared one is not found, as another patient's.",
  },
  {
    resourceType: 'Media',
    actions: ['Create', 'Read', 'Update'],
    reach: 'partition-except-unshared',
    updatableFields: ['display', 'content'],
    note:
      'The images of signatures drawn in the portal: made, named, then given their image once; a stored image is never replaced. ' +
      'The file of a document not shared with the patient (or deleted) is not found.',
  },
  { resourceType: 'Notification', actions: ['Read'], reach: 'partition', note: 'Reminders addressed to the portal user.' },
  {
    resourceType: 'PersonalPreferences',
    actions: ['Create', 'Read', 'Update'],
    reach: 'owner',
    note: "The portal user's own settings (colour scheme, font size).",
  },
];

/** The portal's reach, per kind of login. Staff grant sets never widen it. */
export const PORTAL_TYPES: Readonly<Record<PortalSubject, readonly PortalAccess[]>> = {
  Patient: [
    {
      resourceType: 'Patient',
      actions: ['Read', 'Update'],
      reach: 'patient-record',
      updatableFields: ['telecom', 'addresses'],
      note: 'The patient reads their record and updates their contact details.',
    },
    { resourceType: 'RelatedPerson', actions: ['Read'], reach: 'partition', note: "The patient's related persons." },
    ...shared,
  ],
  RelatedPerson: [
    {
      resourceType: 'Patient',
      actions: ['Read'],
      reach: 'patient-record',
      note: 'The related person reads the record of the patient they relate to.',
    },
    {
      resourceType: 'RelatedPerson',
      actions: ['Read', 'Update'],
      reach: 'self',
      updatableFields: ['telecom', 'addresses'],
      note: 'The related person reads their own record and updates their contact details.',
    },
    ...shared,
  ],
};

/** How a portal user reaches a type, or undefined when the portal does not reach it at all. */
export function portalAccess(subject: PortalSubject, resourceType: string): PortalAccess | undefined {
  return PORTAL_TYPES[subject].find((a) => a.resourceType === resourceType);
}

/** True when a portal user may take `action` on some records of `resourceType` (reach applies). */
export function portalCan(subject: PortalSubject, action: Action, resourceType: string): boolean {
  return portalAccess(subject, resourceType)?.actions.includes(action) ?? false;
}

/** The resource permissions of a portal login: the grant sets Patient portal self and Related person portal. */
export function portalPermissions(subject: PortalSubject): Permission[] {
  return PORTAL_TYPES[subject].flatMap((a) => a.actions.map((action) => permission(a.resourceType, action)));
}
