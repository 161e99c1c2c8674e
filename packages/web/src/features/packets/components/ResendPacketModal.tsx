import type { PacketResponse } from '@caseload/core';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ApiError } from '../../../api/index.ts';
import { usePacketCalls } from '../hooks/usePacketCalls.ts';

export interface ResendPacketModalProps {
  /** The packet response re-sent; undefined closes the modal. */
  response?: PacketResponse;
  onClose: () => void;
  patientId: string;
}

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * Re-sends a packet's link (docs/portal.md, "Link expiry and resend"): a fresh expiry, the link
 * sent before stops working, a due day kept or moved, to the address last used unless another is given.
 */
export function ResendPacketModal({ response, onClose, patientId }: ResendPacketModalProps) {
  const calls = usePacketCalls(patientId);
  const [due, setDue] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<ApiError>();
  const [sending, setSending] = useState(false);
  useEffect(() => {
    const today = day(new Date());
    setDue(response && response.dueDate >= today ? response.dueDate : day(new Date(Date.now() + 7 * 86_400_000)));
    setEmail('');
    setError(undefined);
  }, [response]);
  const resend = async () => {
    if (!response || !due) return;
    setSending(true);
    setError(undefined);
    try {
      await calls.resend(response.id, { dueDate: due, ...(email.trim() && { email: email.trim() }) });
      onClose();
    } catch (e) {
      setError(e as ApiError);
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal opened={response !== undefined} onClose={onClose} title="Send the link again">
      <Stack gap="sm">
        <Text fz="sm">A new link goes out; the one sent before stops working. What was filled in so far is kept.</Text>
        <TextInput label="Due" type="date" value={due} onChange={(e) => setDue(e.currentTarget.value)} min={day(new Date())} required />
        <TextInput
          label="E-mail the link to"
          description={response?.sentTo ? `Leave empty to use ${response.sentTo}.` : 'Leave empty to use the address on file.'}
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
          <Button onClick={() => void resend()} loading={sending} disabled={!due}>
            Send again
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
