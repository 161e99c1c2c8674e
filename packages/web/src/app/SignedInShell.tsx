import { Route, Routes } from 'react-router';
import { CurrentPracticeProvider } from '../features/practice/index.ts';
import { PreferencesSync } from '../features/preferences/index.ts';
import { AREAS, DefaultShell, MobileShell } from '../features/shell/index.ts';
import type { ShellVariant } from './App.tsx';
import {
  AccountPage,
  AREA_PAGES,
  FormBuilderPage,
  FormResponsePage,
  GroupSessionPage,
  NoteEditorPage,
  NotFoundPage,
  PatientChartPage,
  PractitionerPage,
  StaffPage,
  UsersPage,
} from './pages.ts';

export interface SignedInShellProps {
  variant: ShellVariant;
}

/**
 * Everything behind sign-in, loaded on demand after it: the practice and its data layer, the
 * user's stored preferences, the variant's shell, and a route for every feature area (each page
 * its own chunk).
 */
export default function SignedInShell({ variant }: SignedInShellProps) {
  const Shell = variant === 'mobile' ? MobileShell : DefaultShell;
  return (
    <CurrentPracticeProvider>
      <PreferencesSync />
      <Routes>
        <Route element={<Shell />}>
          {AREAS.map((area) => {
            const Page = AREA_PAGES[area.id];
            if (area.path === '/') return <Route key={area.id} index element={<Page />} />;
            // Administration routes its own sections (/administration/programs, ...) beneath it.
            const path = area.id === 'administration' ? 'administration/*' : area.path.slice(1);
            return <Route key={area.id} path={path} element={<Page />} />;
          })}
          <Route path="account" element={<AccountPage />} />
          <Route path="patients/:patientId" element={<PatientChartPage />} />
          <Route path="patients/:patientId/notes/:noteId" element={<NoteEditorPage />} />
          <Route path="notes/group-session" element={<GroupSessionPage />} />
          <Route path="administration/users" element={<UsersPage />} />
          <Route path="staff" element={<StaffPage />} />
          <Route path="staff/:practitionerId" element={<PractitionerPage />} />
          <Route path="forms/builder/:id?" element={<FormBuilderPage />} />
          <Route path="forms/responses/:patientId/:responseId" element={<FormResponsePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </CurrentPracticeProvider>
  );
}
