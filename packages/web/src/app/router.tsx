import { Suspense, lazy, use } from 'react';
import { Route, Routes } from 'react-router';
import { RequireSignedIn } from '../features/session/index.ts';
import { AcceptInvitePage } from '../pages/AcceptInvitePage.tsx';
import { ResetPasswordPage } from '../pages/ResetPasswordPage.tsx';
import { SignInPage } from '../pages/SignInPage.tsx';
import { LoadingIndicator } from '../ui/LoadingIndicator.tsx';
import type { ShellVariant } from './App.tsx';
import { RenderAfterPaint } from './RenderAfterPaint.tsx';
import { RootLayout } from './RootLayout.tsx';
import { loadSignedInShell } from './signed-in-shell-module.ts';

/**
 * The signed-in shell (navigation, practice, preferences): not needed to sign in, so loaded after,
 * or at boot beside the session check on a device that was signed in last time (main.tsx). Once
 * its chunk is here it renders without suspending (signed-in-shell-module.ts says why that
 * matters).
 */
function SignedInShell({ variant }: { variant: ShellVariant }) {
  const Shell = use(loadSignedInShell()).default;
  return <Shell variant={variant} />;
}

/**
 * The clinic's kiosk (docs/portal.md, "Kiosk mode"): public (its token is its credential), in its
 * own chunk, with Mantine's whole stylesheet alongside as every page loaded on demand (app/pages.ts):
 * a kiosk tab reloaded opens here first, and its radios and checkboxes are not among the first
 * screen's styles (without it they showed unstyled until the sheet's warm-up).
 */
const KioskPage = lazy(() =>
  Promise.all([import('../features/kiosk/components/KioskPage.tsx'), import('../ui/full-stylesheet.ts')]).then(([m]) => ({
    default: m.KioskPage,
  })),
);

export interface AppRoutesProps {
  variant: ShellVariant;
}

/**
 * The routes. Public: sign-in, accept-invite and reset-password (the links e-mails carry), in this
 * chunk because they are where most visits start; everything else needs a session and lives in the
 * signed-in shell's chunk, which routes the feature areas itself. The server answers every non-API
 * path with the app, so these are the only place routes are decided. The shell renders after the
 * session answer in a deferred render (RenderAfterPaint), in slices rather than one long task.
 *
 * Declarative routes (`<Routes>` under `BrowserRouter`), not a data router: the client uses no
 * loader or action, and the data router's machinery would weigh on every first load
 * (docs/performance.md, "Initial JavaScript"). What its `errorElement` did, RouteErrorBoundary
 * (App.tsx) does.
 */
export function AppRoutes({ variant }: AppRoutesProps) {
  return (
    <Routes>
      <Route element={<RootLayout variant={variant} />}>
        <Route path="/sign-in" element={<SignInPage />} />
        <Route path="/accept-invite" element={<AcceptInvitePage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route
          path="/kiosk"
          element={
            <Suspense fallback={<LoadingIndicator />}>
              <KioskPage />
            </Suspense>
          }
        />
        <Route
          path="*"
          element={
            <RequireSignedIn>
              <RenderAfterPaint fallback={<LoadingIndicator />}>
                <Suspense fallback={<LoadingIndicator />}>
                  <SignedInShell variant={variant} />
                </Suspense>
              </RenderAfterPaint>
            </RequireSignedIn>
          }
        />
      </Route>
    </Routes>
  );
}
