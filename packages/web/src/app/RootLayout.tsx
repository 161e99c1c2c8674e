import { Outlet } from 'react-router';
import { UnsupportedBrowserNotice } from '../features/browser-support/index.ts';
import { SessionExpiredModal, SessionProvider } from '../features/session/index.ts';
import type { ShellVariant } from './App.tsx';

export interface RootLayoutProps {
  variant: ShellVariant;
}

/**
 * Around every page: who is signed in, the dialog when that session expires, and on the default
 * variant the notice for a browser outside the supported list.
 */
export function RootLayout({ variant }: RootLayoutProps) {
  return (
    <SessionProvider>
      <Outlet />
      <SessionExpiredModal />
      {variant === 'default' && <UnsupportedBrowserNotice />}
    </SessionProvider>
  );
}
