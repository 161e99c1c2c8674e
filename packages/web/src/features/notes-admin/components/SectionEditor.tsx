import { SectionKinds } from '@caseload/core';
import { Card, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { Controller, type Control, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { ChoiceField } from '../../../ui/ChoiceField.tsx';
import { IconButton } from '../../../ui/IconButton.tsx';
import type { FormChoice } from '../hooks/useFormChoices.ts';
import { useSectionFormSource } from '../hooks/useSectionFormSource.ts';
import { SECTION_KIND_HELP, type DefinitionFormValues, type SectionFormValues } from '../utils/definition-form.ts';
import { SectionElementsFields } from './SectionElementsFields.tsx';

export interface SectionEditorProps {
  index: number;
  count: number;
  section: SectionFormValues;
  control: Control<DefinitionFormValues>;
  register: UseFormRegister<DefinitionFormValues>;
  setValue: UseFormSetValue<DefinitionFormValues>;
  /** Only group definitions have shared sections. */
  group: boolean;
  formChoices: FormChoice[];
  readOnly?: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One section of a note definition: title, kind, and what its kind needs (help, form, elements). */
export function SectionEditor({
  index,
  count,
  section,
  control,
  register,
  setValue,
  group,
  formChoices,
  readOnly,
  onMove,
  onRemove,
}: SectionEditorProps) {
  const n = index + 1;
  const { source, options } = useSectionFormSource(section.kind, formChoices);
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label={`Section ${n}`}>
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text fw={600} fz="sm">
            Section {n}
          </Text>
          {!readOnly && (
            <Group gap={2} wrap="nowrap">
              <IconButton icon={IconArrowUp} label={`Move section ${n} up`} disabled={index === 0} onClick={() => onMove(index - 1)} />
              <IconButton
                icon={IconArrowDown}
                label={`Move section ${n} down`}
                disabled={index === count - 1}
                onClick={() => onMove(index + 1)}
              />
              <IconButton icon={IconTrash} label={`Remove section ${n}`} disabled={count === 1} onClick={onRemove} color="red" />
            </Group>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name={`sections.${index}.title`}
            render={({ field, fieldState }) => (
              <TextInput label="Section title" required disabled={readOnly} error={fieldState.error?.message} {...field} />
            )}
          />
          <ChoiceField
            control={control}
            name={`sections.${index}.kind`}
            label="Section kind"
            description={SECTION_KIND_HELP[section.kind]}
            data={[...SectionKinds]}
            disabled={readOnly}
            // A Form section starts with the element almost every note has: the session time.
            onPick={(v) => v === 'Form' && section.elements.length === 0 && setValue(`sections.${index}.elements`, ['SessionTime'])}
          />
        </SimpleGrid>
        {section.kind === 'Narrative' && (
          <Textarea
            label="Help text"
            description="Shown in the empty narrative, as a prompt."
            autosize
            minRows={1}
            disabled={readOnly}
            {...register(`sections.${index}.help`)}
          />
        )}
        {source && (
          <Controller
            control={control}
            name={`sections.${index}.form`}
            render={({ field, fieldState }) => (
              <Select
                label={source.label}
                required
                data={options}
                searchable
                disabled={readOnly}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                nothingFoundMessage="No forms yet: build one under Forms."
                placeholder="Pick one"
              />
            )}
          />
        )}
        <SectionElementsFields index={index} section={section} control={control} readOnly={readOnly} />
        <Group gap="lg">
          <Controller
            control={control}
            name={`sections.${index}.required`}
            render={({ field }) => (
              <Checkbox
                label="Required"
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                disabled={readOnly}
              />
            )}
          />
          {group && (
            <Controller
              control={control}
              name={`sections.${index}.shared`}
              render={({ field }) => (
                <Checkbox
                  label="Shared by the group"
                  description="Written once, copied to every attendee's note."
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  disabled={readOnly}
                />
              )}
            />
          )}
        </Group>
      </Stack>
    </Card>
  );
}
