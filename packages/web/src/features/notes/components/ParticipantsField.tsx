import { ParticipantRoles, type EncounterParticipant, type Practitioner } from '@caseload/core';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useCollection } from '../../../data/index.ts';
import { StaffName } from './StaffName.tsx';
import { IconButton } from '../../../ui/IconButton.tsx';
import { refTo } from '../utils/note-refs.ts';

export interface ParticipantsFieldProps {
  value: EncounterParticipant[];
  onChange(value: EncounterParticipant[]): void;
  disabled?: boolean;
}

const ROLE_TEXT: Record<string, string> = {
  PrimaryPerformer: 'Primary performer',
  SecondaryPerformer: 'Secondary performer',
  Participation: 'Participant',
  Patient: 'Patient',
  Coordinator: 'Coordinator',
};

/**
 * Who took part besides the patient: the author (primary performer) and any staff added with
 * their role. The staff list is read only once "Add participant" is used.
 */
export function ParticipantsField({ value, onChange, disabled }: ParticipantsFieldProps) {
  const [adding, setAdding] = useState(false);
  const staff = value.map((p, index) => ({ p, index })).filter(({ p }) => p.role !== 'Patient');
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="participants-label">
        Participants
      </Text>
      <Stack gap={4} role="list" aria-labelledby="participants-label">
        {staff.map(({ p, index }) => (
          <Group key={`${p.individual.id}-${index}`} gap="xs" role="listitem" wrap="nowrap">
            <Text size="sm" style={{ flex: 1 }}>
              <StaffName reference={p.individual} />
            </Text>
            <Select
              aria-label={`Role of ${p.individual.display ?? 'participant'}`}
              data={ParticipantRoles.filter((r) => r !== 'Patient').map((r) => ({ value: r, label: ROLE_TEXT[r]! }))}
              value={p.role}
              onChange={(role) =>
                role && onChange(value.map((x, i) => (i === index ? { ...x, role: role as EncounterParticipant['role'] } : x)))
              }
              allowDeselect={false}
              disabled={disabled}
              w={190}
              size="xs"
            />
            <IconButton
              label={`Remove ${p.individual.display ?? 'participant'}`}
              icon={IconTrash}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
              disabled={disabled}
            />
          </Group>
        ))}
      </Stack>
      {adding ? (
        <StaffPicker
          exclude={value.map((p) => p.individual.id)}
          onPick={(pr) => {
            onChange([...value, { individual: refTo(pr), role: 'SecondaryPerformer' }]);
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={16} />}
          onClick={() => setAdding(true)}
          disabled={disabled}
          w="fit-content"
        >
          Add participant
        </Button>
      )}
    </Stack>
  );
}

function StaffPicker({ exclude, onPick, onCancel }: { exclude: string[]; onPick(p: Practitioner): void; onCancel(): void }) {
  const { items, loading } = useCollection<Practitioner>('Practitioners');
  const data = items.filter((p) => !exclude.includes(p.id)).map((p) => ({ value: p.id, label: p.display ?? p.id }));
  return (
    <Group gap="xs">
      <Select
        aria-label="Staff member to add"
        placeholder={loading ? 'Loading staff…' : 'Choose a staff member'}
        data={data}
        searchable
        autoFocus
        onChange={(id) => {
          const p = items.find((x) => x.id === id);
          if (p) onPick(p);
        }}
        w={260}
        size="xs"
        nothingFoundMessage="No staff member matches"
      />
      <Button variant="subtle" size="xs" onClick={onCancel}>
        Cancel
      </Button>
    </Group>
  );
}
