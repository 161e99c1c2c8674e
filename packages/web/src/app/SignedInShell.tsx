import { portalSubjectOf } from '@caseload/core';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { CurrentPracticeProvider, useCurrentPractice } from '../features/practice/index.ts';
import { PreferencesSync } from '../features/preferences/index.ts';
import { AREAS, DefaultShell, MobileShell } from '../features/shell/index.ts';
import { LoadingIndicator } from '../ui/LoadingIndicator.tsx';
import type { ShellVariant } from './App.tsx';
import {
  AccountPage,
  AREA_PAGES,
  FormBuilderPage,
  FormResponsePage,
  PacketReviewPage,
  GroupSessionPage,
  NoteEditorPage,
  NotFoundPage,
  PatientChartPage,
  PortalRoutes,
  PractitionerPage,
  ScribeRecordPage,
  ScribeReviewPage,
  ScribeSessionPage,
  StaffPage,
  UsersPage,
} from './pages.ts';

export interface SignedInShellProps {
  variant: ShellVariant;
}

/**
 * Everything behind sign-in, loaded on demand after it: the practice and its data layer, the
 * user's stored preferences, and the routes of the profile in use: the patient portal for a
 * patient's or related person's login, else the staff app.
 */
export default function SignedInShell({ variant }: SignedInShellProps) {
  return (
    <CurrentPracticeProvider>
      <PreferencesSync />
      <RoutesForProfile variant={variant} />
    </CurrentPracticeProvider>
  );
}

/**
 * The portal or the staff app, by the profile in use: one account may be a patient in one practice
 * and staff in another, and switching practice switches between them.
 */
function RoutesForProfile({ variant }: SignedInShellProps) {
  const { current } = useCurrentPractice();
  if (portalSubjectOf(current?.profile)) {
    return (
      <Suspense fallback={<LoadingIndicator />}>
        <PortalRoutes />
      </Suspense>
    );
  }
  return <StaffRoutes variant={variant} />;
}

/** The variant's staff shell and a route for every feature area (each page its own chunk). */
function StaffRoutes({ variant }: SignedInShellProps) {
  const Shell = variant === 'mobile' ? MobileShell : DefaultShell;
  return (
    <Routes>
      <Route element={<Shell />}>
        {AREAS.map((area) => {
          const Page = AREA_PAGES[area.id];
          if (area.path === '/') return <Route key={area.id} index element={<Page />} />;
          // Administration and care plans route their own screens beneath them (/administration/programs, /care-plans/:patientId/:planId).
          const path = area.id === 'administration' || area.id === 'care-plans' ? `${area.path.slice(1)}/*` : area.path.slice(1);
          return <Route key={area.id} path={path} element={<Page />} />;
        })}
        <Route path="account" element={<AccountPage />} />
        <Route path="patients/:patientId" element={<PatientChartPage />} />
        <Route path="patients/:patientId/notes/:noteId" element={<NoteEditorPage />} />
        <Route path="patients/:patientId/packets/:packetResponseId" element={<PacketReviewPage />} />
        <Route path="notes/group-session" element={<GroupSessionPage />} />
        <Route path="scribe/:sessionId" element={<ScribeSessionPage />} />
        <Route path="scribe/:sessionId/review" element={<ScribeReviewPage />} />
        <Route path="scribe/:id/record" element={<ScribeRecordPage />} />
        <Route path="administration/users" element={<UsersPage />} />
        <Route path="staff" element={<StaffPage />} />
        <Route path="staff/:practitionerId" element={<PractitionerPage />} />
        <Route path="forms/builder/:id?" element={<FormBuilderPage />} />
        <Route path="forms/responses/:patientId/:responseId" element={<FormResponsePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
