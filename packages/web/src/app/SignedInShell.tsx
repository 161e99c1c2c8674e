import { Route, Routes } from 'react-router';
import { CurrentPracticeProvider } from '../features/practice/index.ts';
import { PreferencesSync } from '../features/preferences/index.ts';
import { AREAS, DefaultShell, MobileShell } from '../features/shell/index.ts';
import type { ShellVariant } from './App.tsx';
import { AccountPage, AREA_PAGES, NotFoundPage } from './pages.ts';

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
            return area.path === '/' ? <Route key={area.id} index element={<Page />} /> : <Route key={area.id} path={area.path.slice(1)} element={<Page />} />;
          })}
          <Route path="account" element={<AccountPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </CurrentPracticeProvider>
  );
}
