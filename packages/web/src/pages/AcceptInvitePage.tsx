import { Alert, Anchor, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AcceptInviteForm, useInvite } from '../features/invites/index.ts';
import { useSession, type WhoAmI } from '../features/session/index.ts';
import { FormErrorAlert } from '../ui/FormErrorAlert.tsx';
import { LoadingIndicator } from '../ui/LoadingIndicator.tsx';
import { PublicPageLayout } from '../ui/PublicPageLayout.tsx';

const backToSignIn = (
  <Anchor component={Link} to="/sign-in" fz="sm">
    Go to the sign-in page
  </Anchor>
);

/** `/accept-invite?token=`: the e-mailed invitation; sets a password and signs in. */
export function AcceptInvitePage() {
  useDocumentTitle('Accept your invitation · Caseload');
  const [params] = useSearchParams();
  const lookup = useInvite(params.get('token'));
  const { adopt } = useSession();
  const navigate = useNavigate();
  const accepted = (whoami: WhoAmI) => {
    adopt(whoami);
    void navigate('/', { replace: true });
  };

  if (lookup.status === 'loading') return <LoadingIndicator label="Checking the invitation" />;
  if (lookup.status === 'failed') {
    return (
      <PublicPageLayout title="Accept your invitation" footer={backToSignIn}>
        <FormErrorAlert error={lookup.error} />
      </PublicPageLayout>
    );
  }
  const { invite } = lookup;
  if (!invite.valid) {
    return (
      <PublicPageLayout title="This invitation can't be used" footer={backToSignIn}>
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
          {invite.detail}
        </Alert>
        <Text fz="sm" c="dimmed">
          Ask the person who invited you to send a new invitation. If you already set your password, sign in instead.
        </Text>
      </PublicPageLayout>
    );
  }
  return (
    <PublicPageLayout
      title="Accept your invitation"
      description={
        invite.hasPassword
          ? 'Choose a new password for your Caseload account to join this practice. ' +
            'It replaces your current password and signs you out elsewhere.'
          : 'Choose a password for your new Caseload account. You will be signed in straight away.'
      }
      footer={backToSignIn}
    >
      <AcceptInviteForm token={params.get('token')!} email={invite.email} onAccepted={accepted} />
    </PublicPageLayout>
  );
}
