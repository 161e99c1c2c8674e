import { createBrowserRouter } from 'react-router';
import { RequireSignedIn } from '../features/session/index.ts';
import { AcceptInvitePage } from '../pages/AcceptInvitePage.tsx';
import { HomePage } from '../pages/HomePage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { ResetPasswordPage } from '../pages/ResetPasswordPage.tsx';
import { SignInPage } from '../pages/SignInPage.tsx';
import { RootLayout } from './RootLayout.tsx';

/**
 * The routes. Public: sign-in, accept-invite and reset-password (the links e-mails carry); all
 * else needs a session. The server answers every non-API path with the app, so these are the
 * only place routes are decided.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        {
          path: '/',
          element: (
            <RequireSignedIn>
              <HomePage />
            </RequireSignedIn>
          ),
        },
        { path: '/sign-in', element: <SignInPage /> },
        { path: '/accept-invite', element: <AcceptInvitePage /> },
        { path: '/reset-password', element: <ResetPasswordPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
