import type { Patient, RelatedPerson } from '@caseload/core';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { UseCollectionResult } from '../../../data/index.ts';
import type { ChartEditor } from '../utils/chart-editors.ts';
import { RelatedPersonList } from './RelatedPersonList.tsx';

export interface ContactsTabProps {
  patient: Patient;
  relatedPersons: UseCollectionResult<RelatedPerson>;
  onEdit: (editor: ChartEditor) => void;
  /** Which forms the acting profile may save; the others are not offered. */
  editable: Record<ChartEditor, boolean>;
}

/** Phones and e-mails with their use, addresses, and the patient's related persons. */
export function ContactsTab({ patient, relatedPersons, onEdit, editable }: ContactsTabProps) {
  const telecom = patient.telecom ?? [];
  const addresses = patient.addresses ?? [];
  return (
    <Stack gap="lg">
      <Card withBorder>
        <Group justify="space-between" mb="xs">
          <Title order={2} fz="lg">
            Phones and e-mails
          </Title>
          {editable.contacts && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={16} />}
              onClick={() => onEdit('contacts')}
              aria-label="Edit phones and e-mails"
            >
              Edit
            </Button>
          )}
        </Group>
        {telecom.length === 0 ? (
          <Text c="dimmed">No phone or e-mail recorded.</Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {telecom.map((c, i) => (
              <Group component="li" key={i} gap="sm">
                <Text fw={500} w={70}>
                  {c.system === 'Email' ? 'E-mail' : 'Phone'}
                </Text>
                <Text>{c.value}</Text>
                {c.use && (
                  <Badge variant="light" color="gray" size="sm">
                    {c.use}
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder>
        <Group justify="space-between" mb="xs">
          <Title order={2} fz="lg">
            Addresses
          </Title>
          {editable.addresses && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={16} />}
              onClick={() => onEdit('addresses')}
              aria-label="Edit addresses"
            >
              Edit
            </Button>
          )}
        </Group>
        {addresses.length === 0 ? (
          <Text c="dimmed">No address recorded.</Text>
        ) : (
          addresses.map((a, i) => (
            <Text key={i}>
              {[...(a.line ?? []), a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
              {a.use && (
                <Badge ml="sm" variant="light" color="gray" size="sm">
                  {a.use}
                </Badge>
              )}
            </Text>
          ))
        )}
      </Card>
      <RelatedPersonList patient={patient} state={relatedPersons} />
    </Stack>
  );
}
