import { PLACES_OF_SERVICE, type Encounter, type NoteDefinition, type PracticePreferenceValues } from '@caseload/core';
import { Group, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEncounterEdits } from '../hooks/useEncounterEdits.ts';
import type { NoteSetup } from '../hooks/useNoteSetup.ts';
import type { PatientNoteContext } from '../hooks/usePatientNoteContext.ts';
import { fieldDomId } from '../utils/note-refs.ts';
import { DiagnosesField } from './DiagnosesField.tsx';
import { ParticipantsField } from './ParticipantsField.tsx';
import { ResourceSelect } from './ResourceSelect.tsx';
import { ServicesField } from './ServicesField.tsx';
import { SessionTimeFields } from './SessionTimeFields.tsx';

export interface EncounterFieldsProps {
  encounter: Encounter;
  onChange(change: (e: Encounter) => Encounter): void;
  definition: NoteDefinition | undefined;
  setup: NoteSetup;
  patient: PatientNoteContext;
  preferences: PracticePreferenceValues;
  labels: { session: string; location: string };
  timeZone: string;
  disabled?: boolean;
}

const PLACE_DATA = PLACES_OF_SERVICE.concepts.map((c) => ({ value: c.code, label: `${c.code} ${c.display}` }));

/** A labelled segmented choice whose label is announced for the radio group. */
function Choice({
  label,
  id,
  value,
  data,
  onChange,
  disabled,
}: {
  label: string;
  id: string;
  value: string | undefined;
  data: { value: string; label: string }[];
  onChange(v: string): void;
  disabled?: boolean;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={`${id}-label`}>
        {label}
      </Text>
      <SegmentedControl id={id} aria-labelledby={`${id}-label`} value={value ?? ''} data={data} onChange={onChange} disabled={disabled} />
    </Stack>
  );
}

/**
 * The encounter a note documents: service, location and place of service (hidden with
 * `hidePlaceOfService`, required with `requirePlaceOfService`), program, episode of care, visit
 * status and mode, session time in the definition's duration mode, diagnoses and participants.
 * Every field carries the DOM id the rule panel focuses (fieldDomId of its rule path).
 */
export function EncounterFields({
  encounter,
  onChange,
  definition,
  setup,
  patient,
  preferences,
  labels,
  timeZone,
  disabled,
}: EncounterFieldsProps) {
  const { services, episodeOptions, set, chooseLocation, choosePlace } = useEncounterEdits(
    onChange,
    definition,
    setup,
    patient,
    preferences,
  );
  const place = encounter.location?.placeOfService?.code;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ResourceSelect
          label="Service"
          id={fieldDomId('encounter.serviceType')}
          options={services}
          value={encounter.serviceType}
          onChange={(v) => set('serviceType', v)}
          disabled={disabled}
        />
        <ResourceSelect
          label="Program"
          id={fieldDomId('encounter.program')}
          options={setup.programs}
          value={encounter.program}
          onChange={(v) => set('program', v)}
          disabled={disabled}
        />
        <ResourceSelect
          label={labels.location}
          id={fieldDomId('encounter.location.location')}
          options={setup.locations}
          value={encounter.location?.location}
          disabled={disabled}
          onChange={chooseLocation}
        />
        {!preferences.hidePlaceOfService && (
          <Select
            id={fieldDomId('encounter.location.placeOfService')}
            label="Place of service"
            data={PLACE_DATA}
            value={place ?? null}
            searchable
            clearable={!preferences.requirePlaceOfService}
            allowDeselect={false}
            withAsterisk={preferences.requirePlaceOfService}
            disabled={disabled}
            onChange={choosePlace}
          />
        )}
        <ResourceSelect
          label="Episode of care"
          options={episodeOptions}
          value={encounter.episodeOfCare}
          onChange={(v) => set('episodeOfCare', v)}
          disabled={disabled}
        />
      </SimpleGrid>
      <Group gap="xl" wrap="wrap">
        <Choice
          label="Visit status"
          id={fieldDomId('encounter.visitStatus')}
          value={encounter.visitStatus}
          disabled={disabled}
          data={[
            { value: 'Show', label: 'Show' },
            { value: 'NoShow', label: 'No show' },
            { value: 'Cancelled', label: 'Cancelled' },
          ]}
          onChange={(v) => set('visitStatus', v as Encounter['visitStatus'])}
        />
        <Choice
          label="Visit mode"
          id="note-field-visit-mode"
          value={encounter.visitMode}
          disabled={disabled}
          data={[
            { value: 'InPerson', label: 'In person' },
            { value: 'Telehealth', label: 'Telehealth' },
          ]}
          onChange={(v) => set('visitMode', v as Encounter['visitMode'])}
        />
      </Group>
      {encounter.documentationType === 'MultiServiceNote' ? (
        <ServicesField
          value={encounter.services ?? []}
          onChange={(services) => set('services', services)}
          services={setup.services}
          mode={definition?.durationMode ?? 'Duration'}
          incrementMinutes={definition?.incrementMinutes}
          timeZone={timeZone}
          sessionLabel={labels.session}
          disabled={disabled}
        />
      ) : (
        <SessionTimeFields
          label={labels.session}
          value={encounter.sessionTime}
          mode={definition?.durationMode ?? encounter.sessionTime?.mode ?? 'Duration'}
          incrementMinutes={definition?.incrementMinutes}
          timeZone={timeZone}
          disabled={disabled}
          onChange={(t) => set('sessionTime', t)}
        />
      )}
      <DiagnosesField
        id={fieldDomId('encounter.diagnoses')}
        value={encounter.diagnoses ?? []}
        onChange={(d) => set('diagnoses', d)}
        conditions={patient.conditions}
        episodes={patient.episodes}
        programId={encounter.program?.id}
        filterByProgram={preferences.filterDxByProgram}
        disabled={disabled}
      />
      <ParticipantsField value={encounter.participants} onChange={(p) => set('participants', p)} disabled={disabled} />
    </Stack>
  );
}
