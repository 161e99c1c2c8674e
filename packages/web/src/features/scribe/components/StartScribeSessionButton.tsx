import type { Practitioner, Reference } from '@caseload/core';
import { Button, Group, Select, Stack, type ButtonProps } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { useState } from 'react';
import { useCollection } from '../../../data/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { useStartScribeSession } from '../hooks/useStartScribeSession.ts';

export interface StartScribeSessionButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  patientId: string;
  /** Started from an appointment: the server makes the session's encounter for it. */
  appointment?: Reference;
  /** The appointment's clinician: the author a scribe is offered first. */
  clinician?: Reference;
  /** Words naming what it starts for, for screen readers ("Start scribe session: Mon 9:00"). */
  label?: string;
}

/**
 * "Start scribe session" (the chart's header, an appointment): starts the session and opens its
 * page. A scribe first chooses the clinician the session is for, who will be its author; no
 * button for a user who may not write notes.
 */
export function StartScribeSessionButton({
  patientId,
  appointment,
  clinician,
  label,
  size = 'xs',
  variant = 'light',
}: StartScribeSessionButtonProps) {
  const start = useStartScribeSession(patientId, appointment);
  const [choosing, setChoosing] = useState(false);
  if (!start.allowed) return null;
  return (
    <>
      <Button
        size={size}
        variant={variant}
        leftSection={<IconMicrophone size={16} />}
        aria-label={label ? `Start scribe session: ${label}` : undefined}
        loading={start.start.pending && !choosing}
        onClick={() => (start.choosesAuthor ? setChoosing(true) : void start.start.run())}
      >
        Start scribe session
      </Button>
      {!choosing && start.start.error != null && <FormErrorAlert error={start.start.error} />}
      {choosing && <ChooseClinician initial={clinician} onClose={() => setChoosing(false)} start={start.start} />}
    </>
  );
}

function ChooseClinician({
  initial,
  onClose,
  start,
}: {
  initial?: Reference;
  onClose: () => void;
  start: ReturnType<typeof useStartScribeSession>['start'];
}) {
  const practitioners = useCollection<Practitioner>('Practitioners');
  const [chosen, setChosen] = useState<string | null>(initial?.id ?? null);
  const options = practitioners.items.map((p) => ({ value: p.id, label: p.display ?? p.id }));
  return (
    <Modal opened onClose={onClose} title="Start scribe session">
      <form
        aria-label="Start scribe session"
        onSubmit={(e) => {
          e.preventDefault();
          const display = practitioners.items.find((p) => p.id === chosen)?.display;
          if (chosen) void start.run({ resourceType: 'Practitioner', id: chosen, ...(display && { display }) });
        }}
      >
        <Stack gap="md">
          <Select
            label="Clinician"
            description="The clinician you are drafting for: the note is theirs to review and sign."
            data={options}
            value={chosen}
            onChange={setChosen}
            searchable
            required
          />
          <FormErrorAlert error={start.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!chosen} loading={start.pending}>
              Start
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
