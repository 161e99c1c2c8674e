import { Anchor } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { NewPasswordForm, RequestResetForm } from '../features/password-reset/index.ts';
import { useSession } from '../features/session/index.ts';
import { PublicPageLayout } from '../ui/PublicPageLayout.tsx';

const backToSignIn = (
  <Anchor component={Link} to="/sign-in" fz="sm">
    Back to sign in
  </Anchor>
);

/** `/reset-password` asks for a link by e-mail; `/reset-password?token=` (the link) sets the new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { forget } = useSession();
  useDocumentTitle(token ? 'Choose a new password · Caseload' : 'Reset your password · Caseload');
  if (token) {
    return (
      <PublicPageLayout title="Choose a new password" footer={backToSignIn}>
        <NewPasswordForm token={token} onChanged={forget} />
      </PublicPageLayout>
    );
  }
  return (
    <PublicPageLayout
      title="Reset your password"
      description="Enter the e-mail address you sign in with and we'll send you a link to choose a new password."
      footer={backToSignIn}
    >
      <RequestResetForm />
    </PublicPageLayout>
  );
}
