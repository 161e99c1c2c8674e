import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { ErrorBoundary } from '../../errors/index.ts';

/**
 * Where the current page renders inside the shell: loaded on demand (the loading indicator
 * meanwhile), and behind an error boundary keyed by the route, so a failing page shows the error
 * screen while the navigation stays, and the next route starts afresh.
 */
export function ShellOutlet() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingIndicator fullScreen={false} />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
