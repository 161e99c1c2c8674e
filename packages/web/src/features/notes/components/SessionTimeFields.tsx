import { sessionMinutes, type DurationMode, type SessionTime } from '@caseload/core';
import { Group, NumberInput, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { practiceClock } from '../../practice/index.ts';
import { fieldDomId } from '../utils/note-refs.ts';
import { inputsOf, sessionTimeOf, type SessionTimeInputs } from '../utils/session-time-fields.ts';

export interface SessionTimeFieldsProps {
  value: SessionTime | undefined;
  mode: DurationMode;
  incrementMinutes?: number;
  timeZone: string;
  onChange(value: SessionTime): void;
  /** The session's label (practice label "Session"). */
  label: string;
  disabled?: boolean;
  /** Path prefix for rule focus ids (a multi-service note's service has its own). */
  path?: string;
}

/** A minutes count as at most two units ("1h 5m"), for the computed length beside the inputs. */
export const lengthText = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return h ? (m ? `${h}h ${m}m` : `${h}h`) : `${m}m`;
};

/**
 * The session time in the definition's duration mode (docs/notes.md): the date and start time
 * always; then the end time (Duration), the minutes (DurationMinutes) or the number of increments
 * (TimeIncrements). Times are the practice's wall clock, its zone named beside them when the
 * browser's clock is another (a clinician travelling types the clinic's time). The inputs keep what is typed even while
 * it is not yet a whole time, so a half-typed time is never wiped.
 */
export function SessionTimeFields({
  value,
  mode,
  incrementMinutes = 15,
  timeZone,
  onChange,
  label,
  disabled,
  path = 'encounter.sessionTime',
}: SessionTimeFieldsProps) {
  const [inputs, setInputs] = useState<SessionTimeInputs>(() => inputsOf(value, timeZone));
  const change = (patch: Partial<SessionTimeInputs>) => {
    const next = { ...inputs, ...patch };
    setInputs(next);
    onChange(sessionTimeOf(next, mode, timeZone, incrementMinutes));
  };
  const minutes = sessionMinutes(value);
  const lengthId = fieldDomId(path);
  const clock = practiceClock(timeZone);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="group" aria-label={`${label} time`}>
      <TextInput
        type="date"
        label={`${label} date`}
        id={fieldDomId(`${path}.start`)}
        value={inputs.date}
        onChange={(e) => change({ date: e.currentTarget.value })}
        disabled={disabled}
        required
        w={160}
      />
      <TextInput
        type="time"
        label="Start"
        value={inputs.startTime}
        onChange={(e) => change({ startTime: e.currentTarget.value })}
        disabled={disabled}
        required
        w={140}
      />
      {mode === 'Duration' && (
        <TextInput
          type="time"
          label="End"
          id={lengthId}
          value={inputs.endTime}
          onChange={(e) => change({ endTime: e.currentTarget.value })}
          disabled={disabled}
          required
          w={140}
        />
      )}
      {mode === 'DurationMinutes' && (
        <NumberInput
          label="Minutes"
          id={lengthId}
          value={inputs.minutes ?? ''}
          min={0}
          max={1440}
          allowDecimal={false}
          onChange={(v) => change({ minutes: typeof v === 'number' ? v : undefined })}
          disabled={disabled}
          required
          w={110}
        />
      )}
      {mode === 'TimeIncrements' && (
        <NumberInput
          label={`Increments of ${incrementMinutes} min`}
          id={lengthId}
          value={inputs.increments ?? ''}
          min={0}
          max={96}
          allowDecimal={false}
          onChange={(v) => change({ increments: typeof v === 'number' ? v : undefined })}
          disabled={disabled}
          required
          w={170}
        />
      )}
      <Text size="sm" c="dimmed" pb={8} aria-live="polite" data-testid="session-length">
        {minutes !== undefined ? lengthText(minutes) : 'Length not known yet'}
      </Text>
      {clock.namesZone && (
        <Text size="sm" c="dimmed" pb={8} data-testid="session-zone">
          Times in {clock.timeZone} ({clock.zoneName(value?.start)})
        </Text>
      )}
    </Group>
  );
}
