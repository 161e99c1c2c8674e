import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isApiError } from '../../../api/index.ts';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { ErrorScreen } from '../../errors/index.ts';
import { useSession } from '../hooks/useSession.ts';
import { signInPathFor } from '../utils/next-path.ts';
import { ServerUnavailable } from './ServerUnavailable.tsx';

export interface RequireSignedInProps {
  children: ReactNode;
}

/**
 * Renders its children for a signed-in user (and keeps them up, under the dialog, once the
 * session expires); anyone else goes to the sign-in page, which brings them back here. When the
 * first session check fails, says why: offline, or the server's error with its details.
 */
export function RequireSignedIn({ children }: RequireSignedInProps) {
  const { state, retry } = useSession();
  const location = useLocation();
  switch (state.status) {
    case 'loading':
      return <LoadingIndicator />;
    case 'unavailable':
      // No answer at all is a connection problem; an answer that is an error is the server's fault.
      return isApiError(state.error) ? <ErrorScreen error={state.error} onRetry={retry} fullScreen /> : <ServerUnavailable />;
    case 'signed-out':
      // Someone who chose to sign out starts afresh; anyone else comes back to this place.
      return (
        <Navigate
          to={state.reason === 'signed-out' ? '/sign-in' : signInPathFor(location.pathname + location.search + location.hash)}
          replace
        />
      );
    case 'signed-in':
    case 'expired':
      return children;
  }
}
