import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../features/errors/index.ts';

export interface RouteErrorBoundaryProps {
  children: ReactNode;
}

/**
 * Around the routes: an error no page's own boundary caught (the signed-in shell's chunk gone, a
 * layout that threw) shows the full-page error screen, or the stale-build screen for a failed
 * on-demand load. Keyed by the path, so going to another page starts afresh, as a data router's
 * `errorElement` would.
 */
export function RouteErrorBoundary({ children }: RouteErrorBoundaryProps) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fullScreen>
      {children}
    </ErrorBoundary>
  );
}
