import { profileCan, type ProfileAccess } from '@caseload/core';
import { IconCalendarEvent, IconClipboardList, IconFileCheck, IconFileText, IconUserCircle, type Icon } from '@tabler/icons-react';
import { lazy, type ComponentType } from 'react';

/**
 * One area of the patient portal. The portal shows the sections a login may use, in this order:
 * in its navigation, as a card on its home page, and routed at `path` (the section routes its own
 * screens beneath it). Later features (appointments, messages, packets of forms) add theirs here;
 * nothing else in the shell changes.
 */
export interface PortalSection {
  id: string;
  /**
   * Where the section lives. Portal paths are the portal's own (`/my-forms`), never a staff path,
   * so a staff address a patient types matches no section and lands on the portal's home.
   */
  path: string;
  /** Its name in the navigation and on its home card. */
  label: string;
  icon: Icon;
  /** One sentence on its home card: what the person does there. */
  description: string;
  /**
   * Whether this login may use it, from the portal table (core's `profileCan`): a section is shown
   * only when every read it makes is one the server allows, so no screen makes a refused request.
   */
  available: (access: ProfileAccess) => boolean;
  /** The section's screens, routed beneath `path/*`, loaded when first opened. */
  Page: ComponentType;
  /** What waits there, on its home card ("2 forms to fill in"); live, short. */
  Summary: ComponentType;
}

const load = <K extends string>(importer: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => importer().then((m) => ({ default: m[name] })));

/** The portal's sections, in navigation order. */
export const PORTAL_SECTIONS: readonly PortalSection[] = [
  {
    id: 'packets',
    // The path the packet e-mails link to (`/my-packets/{id}`).
    path: '/my-packets',
    label: 'Paperwork',
    icon: IconFileCheck,
    description: 'Forms and consents to fill in and sign before a visit, part by part, on any device.',
    available: (access) =>
      profileCan(access, 'Read', 'PacketResponse') &&
      profileCan(access, 'Read', 'Packet') &&
      profileCan(access, 'Read', 'QuestionnaireResponse'),
    Page: load(() => import('./components/packets/PacketsSection.tsx'), 'PacketsSection'),
    Summary: load(() => import('./components/packets/PacketsSummary.tsx'), 'PacketsSummary'),
  },
  {
    id: 'appointments',
    path: '/my-appointments',
    label: 'Appointments',
    icon: IconCalendarEvent,
    description: 'Your visits booked for the next three months.',
    available: (access) => profileCan(access, 'Read', 'Appointment'),
    Page: load(() => import('./components/appointments/AppointmentsSection.tsx'), 'AppointmentsSection'),
    Summary: load(() => import('./components/appointments/AppointmentsSummary.tsx'), 'AppointmentsSummary'),
  },
  {
    id: 'forms',
    path: '/my-forms',
    label: 'Forms',
    icon: IconClipboardList,
    description: 'Questionnaires your care team has asked you to fill in, and the ones you have sent.',
    available: (access) => profileCan(access, 'Read', 'QuestionnaireResponse') && profileCan(access, 'Read', 'Questionnaire'),
    Page: load(() => import('./components/forms/FormsSection.tsx'), 'FormsSection'),
    Summary: load(() => import('./components/forms/FormsSummary.tsx'), 'FormsSummary'),
  },
  {
    id: 'documents',
    path: '/my-documents',
    label: 'Documents',
    icon: IconFileText,
    description: 'Letters, summaries and plans your care team shared with you, to read and keep.',
    // The list, and each document's file (its Media's content).
    available: (access) => profileCan(access, 'Read', 'DocumentReference') && profileCan(access, 'Read', 'Media'),
    Page: load(() => import('./components/documents/DocumentsSection.tsx'), 'DocumentsSection'),
    Summary: load(() => import('./components/documents/DocumentsSummary.tsx'), 'DocumentsSummary'),
  },
  {
    id: 'details',
    path: '/my-details',
    label: 'Your details',
    icon: IconUserCircle,
    description: 'Your name and date of birth as the practice has them, and your phone numbers, e-mail and address.',
    // Every portal login reads its own record (the patient's, or the related person's).
    available: (access) => profileCan(access, 'Read', access.portal === 'RelatedPerson' ? 'RelatedPerson' : 'Patient'),
    Page: load(() => import('./components/details/DetailsSection.tsx'), 'DetailsSection'),
    Summary: load(() => import('./components/details/DetailsSummary.tsx'), 'DetailsSummary'),
  },
];

/** The sections this login may use, in order. */
export function availableSections(
  access: ProfileAccess | undefined,
  sections: readonly PortalSection[] = PORTAL_SECTIONS,
): PortalSection[] {
  return access ? sections.filter((s) => s.available(access)) : [];
}
