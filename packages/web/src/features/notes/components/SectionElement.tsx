import type { Answers, Condition, Encounter, NoteChoiceLists, NoteSectionElement } from '@caseload/core';
import { Checkbox, Group, MultiSelect, NumberInput, Select, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { GoalTrackingElement } from './GoalTrackingElement.tsx';
import { ItineraryTopicsElement } from './ItineraryTopicsElement.tsx';
import { GoalsObjectivesElement } from './GoalsObjectivesElement.tsx';
import { lengthText } from './SessionTimeFields.tsx';
import { SectionForm } from './SectionForm.tsx';
import { OPTION_SOURCE_LABELS, elementChoices, elementLabel, sessionMinutes } from '@caseload/core';

export interface SectionElementProps {
  element: NoteSectionElement;
  /** The section's answers (this element's value is under its key). */
  answers: Answers;
  onChange(key: string, value: unknown): void;
  encounter: Encounter;
  conditions: readonly Condition[];
  /** The practice's lists (custom note options, levels of assistance, prompt-number codes) for CtoneCustomDropdown elements. */
  choiceLists: NoteChoiceLists;
  readOnly?: boolean;
  partition: string;
  /** Changes the note's encounter (the goal sections tick what the session addressed); absent: read only. */
  onEncounterChange?: (change: (e: Encounter) => Encounter) => void;
}

/**
 * One element of a Form section (docs/notes.md "Screens" says how each type is shown). Answers are
 * stored in the section's `answers` under the element's key.
 */
export function SectionElement({
  element,
  answers,
  onChange,
  encounter,
  conditions,
  choiceLists,
  readOnly,
  partition,
  onEncounterChange,
}: SectionElementProps) {
  // The label the checks panel's messages name too.
  const label = elementLabel(element);
  const value = answers[element.key] as unknown;
  const set = (v: unknown) => onChange(element.key, v);
  switch (element.type) {
    case 'Text':
      return (
        <Textarea
          label={label}
          autosize
          minRows={2}
          value={(value as string) ?? ''}
          onChange={(e) => set(e.currentTarget.value)}
          readOnly={readOnly}
          required={element.required}
        />
      );
    case 'Diagnosis':
      return (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Text size="sm" c={encounter.diagnoses?.length ? undefined : 'dimmed'}>
            {encounter.diagnoses?.length
              ? encounter.diagnoses.map((d) => `${d.code.code} ${d.code.display ?? ''}`.trim()).join('; ')
              : 'No diagnoses chosen above.'}
          </Text>
        </Stack>
      );
    case 'SessionTime': {
      const minutes = sessionMinutes(encounter.sessionTime);
      return (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Text size="sm" c={minutes === undefined ? 'dimmed' : undefined}>
            {minutes === undefined ? 'The session time above is not complete.' : lengthText(minutes)}
          </Text>
        </Stack>
      );
    }
    case 'Form':
      return element.form ? (
        <SectionForm
          form={element.form}
          answers={value as Answers | undefined}
          onChange={readOnly ? undefined : set}
          readOnly={readOnly}
          partition={partition}
        />
      ) : (
        <Text size="sm" c="dimmed">
          This element names no form.
        </Text>
      );
    case 'CtoneCustomDropdown': {
      const choices = elementChoices(element, choiceLists);
      // An answer no longer on the list (the practice edited it) is still shown as written.
      const data = typeof value === 'string' && value && !choices.includes(value) ? [...choices, value] : choices;
      const source = OPTION_SOURCE_LABELS[element.optionSource ?? 'CustomNoteOptions'];
      return (
        <Select
          label={label}
          data={data}
          value={(value as string) ?? null}
          onChange={set}
          clearable
          searchable={data.length > 8}
          readOnly={readOnly}
          description={choices.length === 0 ? `The practice has no ${source.toLowerCase()} yet (Administration, Preferences).` : undefined}
        />
      );
    }
    case 'ClinicalQualityIndicator':
      return <Checkbox label={label} checked={value === true} onChange={(e) => set(e.currentTarget.checked)} disabled={readOnly} />;
    case 'AddOn': {
      const addOn = (value as { provided?: boolean; minutes?: number } | undefined) ?? {};
      return (
        <Group align="flex-end">
          <Checkbox
            label={label}
            checked={!!addOn.provided}
            onChange={(e) => set({ ...addOn, provided: e.currentTarget.checked })}
            disabled={readOnly}
          />
          {addOn.provided && (
            <NumberInput
              label="Add-on minutes"
              value={addOn.minutes ?? ''}
              min={0}
              onChange={(m) => set({ ...addOn, minutes: typeof m === 'number' ? m : undefined })}
              readOnly={readOnly}
              w={140}
            />
          )}
        </Group>
      );
    }
    case 'EvidenceBasedPractices':
      return (
        <TagsInput
          label={label}
          description="Type a practice and press Enter"
          value={(value as string[]) ?? []}
          onChange={set}
          readOnly={readOnly}
        />
      );
    case 'Problems':
      return (
        <MultiSelect
          label={label}
          data={conditions
            .filter((c) => c.clinicalStatus !== 'resolved')
            .map((c) => ({ value: c.id, label: `${c.code.code} ${c.code.display ?? ''}`.trim() }))}
          value={(value as string[]) ?? []}
          onChange={set}
          searchable
          readOnly={readOnly}
        />
      );
    case 'GoalsObjectives':
    case 'GoalTracking':
      // A template or a group's shared part has no one patient: each note ticks its own plan's goals.
      if (!partition)
        return (
          <Text size="sm" c="dimmed">
            {label}: each patient's note shows their own care plan.
          </Text>
        );
      return element.type === 'GoalTracking' ? (
        <GoalTrackingElement
          label={label === element.type ? 'Goal tracking' : label}
          partition={partition}
          encounter={encounter}
          onEncounterChange={readOnly ? undefined : onEncounterChange}
        />
      ) : (
        <GoalsObjectivesElement
          label={label === element.type ? 'Goals and objectives' : label}
          partition={partition}
          encounter={encounter}
          onEncounterChange={readOnly ? undefined : onEncounterChange}
        />
      );
    case 'ItineraryTopics':
      return <ItineraryTopicsElement label={label === element.type ? 'Itinerary topics' : label} encounter={encounter} />;
  }
}
