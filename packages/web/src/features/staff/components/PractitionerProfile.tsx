import { Anchor, Breadcrumbs, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Practitioner } from '@caseload/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useResource } from '../../../data/index.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
// The link's own file, not the feature's index: this page's chunk must not carry the audit screen.
import { AuditTrailLink } from '../../audit-trail/components/AuditTrailLink.tsx';
import { useCan, useCurrentPractice, useLabel } from '../../practice/index.ts';
import { staffName } from '../utils/staff-list.ts';
import { PhotoUpload } from './PhotoUpload.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { SignatureUpload } from './SignatureUpload.tsx';

export interface PractitionerProfileProps {
  practitionerId: string;
}

/**
 * `/staff/:practitionerId`: one practitioner's profile. Editable by those who may update
 * practitioners (the session's permissions say so; the server decides), read-only for the rest;
 * the signature only by its owner.
 */
export function PractitionerProfile({ practitionerId }: PractitionerProfileProps) {
  const plural = useLabel('practitioner', 'plural');
  const { current } = useCurrentPractice();
  const { item, loading, error } = useResource<Practitioner>('Practitioners', practitionerId);
  const name = item ? staffName(item) : '';
  useDocumentTitle(`${name || plural} · Caseload`);
  const readOnly = !useCan('Update', 'Practitioner');
  const own = current?.profile === `Practitioner/${practitionerId}`;

  if (!item && loading) return <LoadingIndicator fullScreen={false} label="Loading profile" />;
  if (!item && error) return <FormErrorAlert error={error} />;
  if (!item)
    return (
      <EmptyState
        icon={IconUserQuestion}
        title="No such profile"
        description="This practitioner isn't in the practice's directory."
        action={
          <Anchor component={Link} to="/staff">
            Back to the directory
          </Anchor>
        }
        headingOrder={1}
      />
    );

  return (
    <Stack gap="md" maw={1100}>
      <Breadcrumbs>
        <Anchor component={Link} to="/staff">
          {plural}
        </Anchor>
        <Text>{name}</Text>
      </Breadcrumbs>
      <Group justify="space-between">
        <div>
          <Title order={1} fz={24} data-testid="practitioner-name">
            {name}
          </Title>
          <Text c="dimmed">{item.workEmail ?? item.email ?? 'No e-mail'}</Text>
        </div>
        <AuditTrailLink practitionerId={item.id} label="Activity in the audit trail" />
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ProfileForm key={item.id} practitioner={item} readOnly={readOnly} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Card withBorder radius="md" padding="lg" component="section" aria-label="Photo">
              <Title order={2} fz="lg" mb="sm">
                Photo
              </Title>
              <PhotoUpload practitioner={item} readOnly={readOnly} />
            </Card>
            <Card withBorder radius="md" padding="lg" component="section" aria-label="Signature">
              <Title order={2} fz="lg" mb="sm">
                Signature
              </Title>
              <SignatureUpload practitionerId={item.id} name={name} own={own} />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
