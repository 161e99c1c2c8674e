import { Outlet } from 'react-router';
import { SessionExpiredModal, SessionProvider } from '../features/session/index.ts';

/** Around every page: who is signed in, and the dialog when that session expires. */
export function RootLayout() {
  return (
    <SessionProvider>
      <Outlet />
      <SessionExpiredModal />
    </SessionProvider>
  );
}
