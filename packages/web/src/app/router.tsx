import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { RequireSignedIn } from '../features/session/index.ts';
import { AcceptInvitePage } from '../pages/AcceptInvitePage.tsx';
import { ResetPasswordPage } from '../pages/ResetPasswordPage.tsx';
import { SignInPage } from '../pages/SignInPage.tsx';
import { LoadingIndicator } from '../ui/LoadingIndicator.tsx';
import type { ShellVariant } from './App.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';

/** The signed-in shell (navigation, practice, preferences): not needed to sign in, so loaded after. */
const SignedInShell = lazy(() => import('./SignedInShell.tsx'));

/**
 * The routes. Public: sign-in, accept-invite and reset-password (the links e-mails carry), in this
 * chunk because they are where most visits start; everything else needs a session and lives in the
 * signed-in shell's chunk, which routes the feature areas itself. The server answers every non-API
 * path with the app, so these are the only place routes are decided.
 */
export function createAppRouter(variant: ShellVariant) {
  return createBrowserRouter([
    {
      element: <RootLayout variant={variant} />,
      errorElement: <RouteErrorScreen />,
      children: [
        { path: '/sign-in', element: <SignInPage /> },
        { path: '/accept-invite', element: <AcceptInvitePage /> },
        { path: '/reset-password', element: <ResetPasswordPage /> },
        {
          path: '*',
          element: (
            <RequireSignedIn>
              <Suspense fallback={<LoadingIndicator />}>
                <SignedInShell variant={variant} />
              </Suspense>
            </RequireSignedIn>
          ),
        },
      ],
    },
  ]);
}
