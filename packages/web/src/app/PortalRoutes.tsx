import { Navigate, Route, Routes } from 'react-router';
import { PortalHome, PortalProvider, PortalShell, usePortalSections } from '../features/portal/index.ts';
import { AccountPage } from './pages.ts';

/**
 * Every route of a patient's or related person's login, loaded on demand in place of the staff
 * routes (SignedInShell): the portal's home, each section it may use beneath its own path, and the
 * account page the person's menu links to. Anything else, a staff address included, lands on the
 * portal's home: no staff screen is ever rendered for a portal login.
 */
export default function PortalRoutes() {
  const sections = usePortalSections();
  return (
    <PortalProvider>
      <Routes>
        <Route element={<PortalShell />}>
          <Route index element={<PortalHome />} />
          {sections.map((s) => (
            <Route key={s.id} path={`${s.path.slice(1)}/*`} element={<s.Page />} />
          ))}
          <Route path="account" element={<AccountPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </PortalProvider>
  );
}
