import { portalSubjectOf } from '@caseload/core';
import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { useResource } from '../../../data/index.ts';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { profileReference, useCurrentPractice } from '../../practice/index.ts';
import { useSignOut } from '../../shell/index.ts';
import { PortalContext, type PortalPerson } from './portal-context.ts';

export interface PortalProviderProps {
  children: ReactNode;
}

/**
 * Reads the signed-in person's own record once, for every portal screen: who they are and which
 * patient's chart the portal reaches (a related person's is the partition of their record). The
 * screens render once it is here; until then the loading indicator, and if it cannot be read, why.
 */
export function PortalProvider({ children }: PortalProviderProps) {
  const { current } = useCurrentPractice();
  const subject = portalSubjectOf(current?.profile)!;
  const ref = profileReference(current)!;
  const collection = subject === 'Patient' ? 'Patients' : 'RelatedPeople';
  const { item: person, loading, error } = useResource<PortalPerson>(collection, ref.id);
  const patientId = subject === 'Patient' ? ref.id : person?.partition;
  const value = useMemo(
    () => (person && patientId ? { subject, me: { resourceType: subject, id: ref.id }, person, collection, patientId } : undefined),
    [person, patientId, subject, ref.id, collection],
  ) as React.ContextType<typeof PortalContext> | undefined;

  if (!value) {
    if (loading || !error) return <LoadingIndicator label="Loading your record" />;
    return <UnreadableRecord message={error.message} />;
  }
  return <PortalContext.Provider value={value}>{children}</PortalContext.Provider>;
}

function UnreadableRecord({ message }: { message: string }) {
  const { signOut, pending } = useSignOut();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={20} />}
      role="alert"
      title="Your record can't be shown"
      m="md"
      maw={560}
      mx="auto"
    >
      {message}
      <div>
        <Button variant="default" size="xs" mt="sm" loading={pending} onClick={() => void signOut()}>
          Sign out
        </Button>
      </div>
    </Alert>
  );
}
