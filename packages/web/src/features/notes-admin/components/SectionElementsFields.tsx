import { NoteElementOptionSources, NoteSectionElementTypes, OPTION_SOURCE_LABELS, type NoteSectionElementType } from '@caseload/core';
import { MultiSelect, Select } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import type { DefinitionFormValues, SectionFormValues } from '../utils/definition-form.ts';

/** Element types that show an empty state until care plans and itineraries land (issue 7). */
const LATER: ReadonlySet<NoteSectionElementType> = new Set(['GoalsObjectives', 'GoalTracking']);

const ELEMENT_LABELS: Record<NoteSectionElementType, string> = {
  Text: 'Text',
  Diagnosis: 'Diagnoses',
  Form: 'Form',
  GoalsObjectives: 'Goals and objectives',
  SessionTime: 'Session time',
  CtoneCustomDropdown: 'Custom dropdown (practice lists)',
  ItineraryTopics: 'Itinerary topics',
  ClinicalQualityIndicator: 'Clinical quality indicator',
  AddOn: 'Add-on services',
  EvidenceBasedPractices: 'Evidence-based practices',
  GoalTracking: 'Goal tracking',
  Problems: 'Problems',
};

export interface SectionElementsFieldsProps {
  index: number;
  section: SectionFormValues;
  control: Control<DefinitionFormValues>;
  readOnly?: boolean;
}

/** A Form section's elements, in order, and the practice list its custom dropdown offers. */
export function SectionElementsFields({ index, section, control, readOnly }: SectionElementsFieldsProps) {
  return (
    <>
      {section.kind === 'Form' && (
        <Controller
          control={control}
          name={`sections.${index}.elements`}
          render={({ field, fieldState }) => (
            <MultiSelect
              label="Elements"
              description={
                'In the order picked. Goals, goal tracking and itinerary topics show an empty state ' +
                'until care plans and itineraries arrive.'
              }
              data={NoteSectionElementTypes.map((t) => ({
                value: t,
                label: LATER.has(t) ? `${ELEMENT_LABELS[t]} (later)` : ELEMENT_LABELS[t],
              }))}
              disabled={readOnly}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              searchable
            />
          )}
        />
      )}
      {section.kind === 'Form' && section.elements.includes('CtoneCustomDropdown') && (
        <Controller
          control={control}
          name={`sections.${index}.optionSource`}
          render={({ field }) => (
            <Select
              label="Dropdown choices"
              description="The practice list (Administration, Preferences) the custom dropdown offers."
              data={NoteElementOptionSources.map((v) => ({ value: v, label: OPTION_SOURCE_LABELS[v] }))}
              value={field.value}
              onChange={(v) => field.onChange(v ?? 'CustomNoteOptions')}
              allowDeselect={false}
              disabled={readOnly}
              maw={320}
            />
          )}
        />
      )}
    </>
  );
}
