import { lazy, type ComponentType } from 'react';
import type { AreaId } from '../features/shell/index.ts';
import DashboardPage from '../pages/DashboardPage.tsx';

/**
 * A page loaded on demand, with Mantine's whole stylesheet alongside (fetched in parallel, once):
 * the first screen has only its own part of it (ui/first-paint-styles.ts), and the rest otherwise
 * arrives a few seconds after load, so without this a page opened early could show unstyled.
 */
const page = (load: () => Promise<{ default: ComponentType }>) =>
  lazy(() => Promise.all([load(), import('../ui/full-stylesheet.ts')]).then(([loaded]) => loaded));

/**
 * Every signed-in page, each its own chunk, fetched when first visited (issue 4: keep the initial
 * JavaScript small). A failed fetch is the stale-build error the shell's boundary shows.
 *
 * Except the landing page `/` (the dashboard, small), which is in the shell's own chunk: most
 * visits start there, and as a chunk of its own it was one more round trip, after the shell's,
 * before the first screen's main text could paint (docs/performance.md, "Splitting the first
 * render").
 */
export const AREA_PAGES: Record<AreaId, ComponentType> = {
  dashboard: DashboardPage,
  patients: page(() => import('../pages/areas/PatientsPage.tsx')),
  notes: page(() => import('../pages/areas/NotesPage.tsx')),
  assessments: page(() => import('../pages/areas/AssessmentsPage.tsx')),
  scribe: page(() => import('../pages/areas/ScribePage.tsx')),
  'care-plans': page(() => import('../pages/areas/CarePlansPage.tsx')),
  schedule: page(() => import('../pages/areas/SchedulePage.tsx')),
  messages: page(() => import('../pages/areas/MessagesPage.tsx')),
  reports: page(() => import('../pages/areas/ReportsPage.tsx')),
  compliance: page(() => import('../pages/areas/CompliancePage.tsx')),
  'audit-trail': page(() => import('../pages/areas/AuditTrailPage.tsx')),
  scribbles: page(() => import('../pages/areas/ScribblesPage.tsx')),
  snippets: page(() => import('../pages/areas/SnippetsPage.tsx')),
  signatures: page(() => import('../pages/areas/SignaturesPage.tsx')),
  itineraries: page(() => import('../pages/areas/ItinerariesPage.tsx')),
  forms: page(() => import('../pages/areas/FormsPage.tsx')),
  'document-import': page(() => import('../pages/areas/DocumentImportPage.tsx')),
  administration: page(() => import('../pages/areas/AdministrationPage.tsx')),
};

export const AccountPage = page(() => import('../pages/AccountPage.tsx'));
export const NotFoundPage = page(() => import('../pages/NotFoundPage.tsx'));

/** User management, the staff directory and a practitioner's profile (features/users, features/staff). */
export const UsersPage = page(() => import('../pages/UsersPage.tsx'));
export const StaffPage = page(() => import('../pages/StaffPage.tsx'));
export const PractitionerPage = page(() => import('../pages/PractitionerPage.tsx'));

/** One patient's chart (features/patients). */
export const PatientChartPage = page(() => import('../pages/PatientChartPage.tsx'));

/** The form builder and one form response (features/forms). */
export const FormBuilderPage = page(() => import('../pages/FormBuilderPage.tsx'));
export const FormResponsePage = page(() => import('../pages/FormResponsePage.tsx'));
export const PacketReviewPage = page(() => import('../pages/PacketReviewPage.tsx'));

/** Recording a scribe session's audio (features/scribe-capture). */
export const ScribeRecordPage = page(() => import('../pages/ScribeRecordPage.tsx'));

/**
 * The patient portal's routes (features/portal), in place of all of the above for a patient's or a
 * related person's login; a chunk of its own, so no staff page loads for a patient and the portal
 * never loads for staff.
 */
export const PortalRoutes = page(() => import('./PortalRoutes.tsx'));

/** One note (editor or signed view) and the group session screen (features/notes). */
export const NoteEditorPage = page(() => import('../pages/NoteEditorPage.tsx'));
export const GroupSessionPage = page(() => import('../pages/GroupSessionPage.tsx'));

/** One scribe session and the review of its generated note (features/scribe). */
export const ScribeSessionPage = page(() => import('../pages/ScribeSessionPage.tsx'));
export const ScribeReviewPage = page(() => import('../pages/ScribeReviewPage.tsx'));
