import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AreaId } from '../features/shell/index.ts';

type Page = LazyExoticComponent<ComponentType>;

/**
 * Every signed-in page, each its own chunk, fetched when first visited (issue 4: keep the initial
 * JavaScript small). A failed fetch is the stale-build error the shell's boundary shows.
 */
export const AREA_PAGES: Record<AreaId, Page> = {
  dashboard: lazy(() => import('../pages/DashboardPage.tsx')),
  patients: lazy(() => import('../pages/areas/PatientsPage.tsx')),
  notes: lazy(() => import('../pages/areas/NotesPage.tsx')),
  assessments: lazy(() => import('../pages/areas/AssessmentsPage.tsx')),
  scribe: lazy(() => import('../pages/areas/ScribePage.tsx')),
  'care-plans': lazy(() => import('../pages/areas/CarePlansPage.tsx')),
  schedule: lazy(() => import('../pages/areas/SchedulePage.tsx')),
  messages: lazy(() => import('../pages/areas/MessagesPage.tsx')),
  reports: lazy(() => import('../pages/areas/ReportsPage.tsx')),
  compliance: lazy(() => import('../pages/areas/CompliancePage.tsx')),
  scribbles: lazy(() => import('../pages/areas/ScribblesPage.tsx')),
  snippets: lazy(() => import('../pages/areas/SnippetsPage.tsx')),
  signatures: lazy(() => import('../pages/areas/SignaturesPage.tsx')),
  itineraries: lazy(() => import('../pages/areas/ItinerariesPage.tsx')),
  forms: lazy(() => import('../pages/areas/FormsPage.tsx')),
  'document-import': lazy(() => import('../pages/areas/DocumentImportPage.tsx')),
  administration: lazy(() => import('../pages/areas/AdministrationPage.tsx')),
};

export const AccountPage = lazy(() => import('../pages/AccountPage.tsx'));
export const NotFoundPage = lazy(() => import('../pages/NotFoundPage.tsx'));

/** User management, the staff directory and a practitioner's profile (features/users, features/staff). */
export const UsersPage = lazy(() => import('../pages/UsersPage.tsx'));
export const StaffPage = lazy(() => import('../pages/StaffPage.tsx'));
export const PractitionerPage = lazy(() => import('../pages/PractitionerPage.tsx'));

/** One patient's chart (features/patients). */
export const PatientChartPage = lazy(() => import('../pages/PatientChartPage.tsx'));

/** The form builder and one form response (features/forms). */
export const FormBuilderPage = lazy(() => import('../pages/FormBuilderPage.tsx'));
export const FormResponsePage = lazy(() => import('../pages/FormResponsePage.tsx'));

/** One note (editor or signed view) and the group session screen (features/notes). */
export const NoteEditorPage = lazy(() => import('../pages/NoteEditorPage.tsx'));
export const GroupSessionPage = lazy(() => import('../pages/GroupSessionPage.tsx'));
