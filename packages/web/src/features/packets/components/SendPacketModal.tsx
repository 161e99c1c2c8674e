import type { Packet, RelatedPerson } from '@caseload/core';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApiError } from '../../../api/index.ts';
import { useCollection } from '../../../data/index.ts';
import { usePacketCalls } from '../hooks/usePacketCalls.ts';

export interface SendPacketModalProps {
  opened: boolean;
  onClose: () => void;
  /** After a packet was sent: the list showing it is read again. */
  onSent: () => void;
  patientId: string;
  patientDisplay?: string;
  relatedPersons: readonly RelatedPerson[];
}

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Sends a packet from the chart: which packet, to the patient or a guardian, due when, to which e-mail. */
export function SendPacketModal({ opened, onClose, onSent, patientId, patientDisplay, relatedPersons }: SendPacketModalProps) {
  const { items: packets } = useCollection<Packet>('Packets');
  const calls = usePacketCalls(patientId);
  const [packetId, setPacketId] = useState<string | null>(null);
  const [recipient, setRecipient] = useState<string>(`Patient/${patientId}`);
  const [due, setDue] = useState(() => day(new Date(Date.now() + 7 * 86_400_000)));
  const [email, setEmail] = useState('');
  const [error, setError] = useState<ApiError>();
  const [sending, setSending] = useState(false);
  const guardians = relatedPersons.filter((r) => r.isGuardian);
  const send = async () => {
    if (!packetId || !due) return;
    const [resourceType, id] = recipient.split('/') as ['Patient' | 'RelatedPerson', string];
    setSending(true);
    setError(undefined);
    try {
      await calls.send(packetId, {
        patient: patientId,
        recipient: { resourceType, id },
        dueDate: due,
        ...(email.trim() && { email: email.trim() }),
      });
      onSent();
      onClose();
    } catch (e) {
      setError(e as ApiError);
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Send a packet">
      <Stack gap="sm">
        <Select
          label="Packet"
          placeholder="Choose a packet"
          data={packets.filter((p) => p.active !== false).map((p) => ({ value: p.id, label: p.name ?? p.display ?? p.id }))}
          value={packetId}
          onChange={setPacketId}
          required
        />
        <Select
          label="Filled in by"
          data={[
            { value: `Patient/${patientId}`, label: `${patientDisplay ?? 'The patient'} (the patient)` },
            ...guardians.map((g) => ({ value: `RelatedPerson/${g.id}`, label: `${g.display ?? 'Guardian'} (guardian)` })),
          ]}
          value={recipient}
          onChange={(v) => v && setRecipient(v)}
          allowDeselect={false}
        />
        <TextInput label="Due" type="date" value={due} onChange={(e) => setDue(e.currentTarget.value)} min={day(new Date())} required />
        <TextInput
          label="E-mail the link to"
          description="Leave empty to use the address on file."
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="Not sent">
            {error.issues[0]?.message ?? error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void send()} loading={sending} disabled={!packetId || !due}>
            Send packet
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
