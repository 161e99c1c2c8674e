import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useRef } from 'react';
import { usePortal } from '../../hooks/usePortal.ts';
import type { PortalPerson } from '../../store/portal-context.ts';
import { addressText, contactKind } from '../../utils/contact-text.ts';
import { ContactEditor, type ContactField } from './ContactEditor.tsx';

export interface ContactCardProps {
  field: ContactField;
  title: string;
  /** Offered only when the portal may change this field. */
  editable: boolean;
  /** The editor is open, starting from these values. */
  editing?: PortalPerson;
  onEdit: () => void;
  onClose: () => void;
}

function Shown({ field, person }: { field: ContactField; person: PortalPerson }) {
  if (field === 'telecom') {
    const telecom = person.telecom ?? [];
    if (telecom.length === 0) return <Text c="dimmed">No phone number or e-mail yet.</Text>;
    return (
      <Stack gap={8} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {telecom.map((c, i) => (
          <li key={i}>
            <Text fz="sm" c="dimmed">
              {contactKind(c)}
            </Text>
            <Text style={{ overflowWrap: 'anywhere' }}>{c.value}</Text>
          </li>
        ))}
      </Stack>
    );
  }
  const addresses = person.addresses ?? [];
  if (addresses.length === 0) return <Text c="dimmed">No address yet.</Text>;
  return (
    <Stack gap={8} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {addresses.map((a, i) => (
        <Group component="li" key={i} gap="xs" wrap="nowrap" align="flex-start">
          <Text style={{ flex: 1 }}>{addressText(a)}</Text>
          {a.use && (
            <Badge variant="light" color="gray" size="sm">
              {a.use}
            </Badge>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** One of the person's contact fields, shown, with Edit where the portal may change it. */
export function ContactCard({ field, title, editable, editing, onEdit, onClose }: ContactCardProps) {
  const { person } = usePortal();
  const editButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    onClose();
    // Back to where the keyboard was before the form opened.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {editable && !editing && (
          <Button
            ref={editButton}
            size="sm"
            variant="light"
            leftSection={<IconPencil size={16} />}
            onClick={onEdit}
            aria-label={`Edit ${title.toLowerCase()}`}
          >
            Edit
          </Button>
        )}
      </Group>
      {editing ? <ContactEditor field={field} title={title} values={editing} onClose={close} /> : <Shown field={field} person={person} />}
    </Card>
  );
}
