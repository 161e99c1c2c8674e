import { lazy, useState } from 'react';
import { Outlet } from 'react-router';
import { SessionProvider, useSession } from '../features/session/index.ts';
import { browserSupport } from '../platform/core-web.ts';
import { DeferredMount } from '../ui/DeferredMount.tsx';
import { warmUpLater } from '../ui/warm-up.ts';
import type { ShellVariant } from './App.tsx';

// Seldom shown, so fetched only when they are (docs/performance.md): with them go Mantine's Modal,
// focus trap and scroll lock, which nothing on a first screen needs. The features' indexes leave
// them out for that reason.
const loadSessionExpiredModal = () => import('../features/session/components/SessionExpiredModal.tsx');
// Warmed up after the first screen: a session can expire while the connection is flaky.
warmUpLater(loadSessionExpiredModal);
const SessionExpiredModal = lazy(() => loadSessionExpiredModal().then((m) => ({ default: m.SessionExpiredModal })));
const UnsupportedBrowserNotice = lazy(() =>
  import('../features/browser-support/components/UnsupportedBrowserNotice.tsx').then((m) => ({ default: m.UnsupportedBrowserNotice })),
);

export interface RootLayoutProps {
  variant: ShellVariant;
}

/** The session-expired dialog, fetched when the session first expires. */
function SessionExpiry() {
  const expired = useSession().state.status === 'expired';
  return (
    <DeferredMount when={expired}>
      <SessionExpiredModal />
    </DeferredMount>
  );
}

/** The unsupported-browser notice, fetched only in a browser outside the supported list. */
function BrowserNotice() {
  const [unsupported] = useState(() => !browserSupport(navigator.userAgent, { maxTouchPoints: navigator.maxTouchPoints }).modern);
  return (
    <DeferredMount when={unsupported}>
      <UnsupportedBrowserNotice />
    </DeferredMount>
  );
}

/**
 * Around every page: who is signed in, the dialog when that session expires, and on the default
 * variant the notice for a browser outside the supported list.
 */
export function RootLayout({ variant }: RootLayoutProps) {
  return (
    <SessionProvider>
      <Outlet />
      <SessionExpiry />
      {variant === 'default' && <BrowserNotice />}
    </SessionProvider>
  );
}
