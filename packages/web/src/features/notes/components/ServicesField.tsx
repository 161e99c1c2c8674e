import type { DurationMode, EncounterService, HealthcareService } from '@caseload/core';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { IconButton } from '../../../ui/IconButton.tsx';
import { fieldDomId } from '../utils/note-refs.ts';
import { ResourceSelect } from './ResourceSelect.tsx';
import { SessionTimeFields } from './SessionTimeFields.tsx';

export interface ServicesFieldProps {
  value: EncounterService[];
  onChange(value: EncounterService[]): void;
  services: readonly HealthcareService[];
  mode: DurationMode;
  incrementMinutes?: number;
  timeZone: string;
  sessionLabel: string;
  disabled?: boolean;
}

/**
 * A multi-service note's services (one encounter, several services): each its own service type
 * and session time. The ServiceBasedSubformDuration rule compares their times with the session.
 */
export function ServicesField({ value, onChange, services, mode, incrementMinutes, timeZone, sessionLabel, disabled }: ServicesFieldProps) {
  const update = (i: number, patch: Partial<EncounterService>) => onChange(value.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <Stack gap="xs" id={fieldDomId('encounter.services')} tabIndex={-1}>
      <Text size="sm" fw={500}>
        Services
      </Text>
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          No services yet: add each service given in this {sessionLabel.toLowerCase()}.
        </Text>
      )}
      {value.map((s, i) => (
        <Card key={i} withBorder padding="sm" data-testid="note-service">
          <Group align="flex-end" justify="space-between" wrap="nowrap">
            <ResourceSelect
              label={`Service ${i + 1}`}
              options={services}
              value={s.serviceType}
              onChange={(v) => v && update(i, { serviceType: v })}
              required
              disabled={disabled}
            />
            <IconButton
              label={`Remove service ${i + 1}`}
              icon={IconTrash}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
              disabled={disabled}
            />
          </Group>
          <SessionTimeFields
            label={`Service ${i + 1}`}
            value={s.sessionTime}
            mode={mode}
            incrementMinutes={incrementMinutes}
            timeZone={timeZone}
            path={`encounter.services.${i}.sessionTime`}
            onChange={(t) => update(i, { sessionTime: t })}
            disabled={disabled}
          />
        </Card>
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={16} />}
        disabled={disabled || services.length === 0}
        onClick={() =>
          onChange([
            ...value,
            { serviceType: { resourceType: 'HealthcareService', id: services[0]!.id, display: services[0]!.name }, sessionTime: { mode } },
          ])
        }
      >
        Add service
      </Button>
    </Stack>
  );
}
