import { Alert } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { Navigate, useSearchParams } from 'react-router';
import { RenderAfterPaint } from '../app/RenderAfterPaint.tsx';
import { SignInForm } from '../features/session/components/SignInForm.tsx';
import { NEXT_PARAM, safeNextPath, useSession } from '../features/session/index.ts';
import { LoadingIndicator } from '../ui/LoadingIndicator.tsx';
import { PublicPageLayout } from '../ui/PublicPageLayout.tsx';

const NOTICES = {
  'signed-out': 'You have signed out.',
  expired: 'Your session expired. Sign in to carry on where you left off.',
} as const;

/**
 * `/sign-in?next=`: signs in, then goes to `next` (a path on this site) or home.
 *
 * The form renders in a deferred render after the session answer (RenderAfterPaint): that answer
 * is an ordinary state update, which React would render as one task, Mantine's whole card and
 * form at once (docs/performance.md, "Splitting the first render").
 */
export function SignInPage() {
  useDocumentTitle('Sign in · Caseload');
  const { state } = useSession();
  const [params] = useSearchParams();
  if (state.status === 'loading') return <LoadingIndicator />;
  if (state.status === 'signed-in') return <Navigate to={safeNextPath(params.get(NEXT_PARAM))} replace />;
  const notice = state.status === 'signed-out' && state.reason !== 'none' ? NOTICES[state.reason] : undefined;
  return (
    <RenderAfterPaint fallback={<LoadingIndicator />}>
      <PublicPageLayout title="Sign in" description="Welcome back. Sign in with your work e-mail address.">
        {notice && (
          <Alert variant="light" color="caseload" icon={<IconInfoCircle size={20} />} role="status">
            {notice}
          </Alert>
        )}
        <SignInForm />
      </PublicPageLayout>
    </RenderAfterPaint>
  );
}
