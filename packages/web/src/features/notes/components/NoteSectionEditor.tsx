import type { Condition, Encounter, NoteChoiceLists, NoteDefinitionSection, NoteSection } from '@caseload/core';
import type { ReactNode } from 'react';
import { Badge, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { fieldDomId } from '../utils/note-refs.ts';
import { NarrativeField } from './NarrativeField.tsx';
import { SectionElement } from './SectionElement.tsx';
import { SectionForm } from './SectionForm.tsx';

export interface NoteSectionEditorProps {
  section: NoteSection;
  /** The definition's section (elements, form, help); absent when the definition is not on the device. */
  definition?: NoteDefinitionSection;
  onChange?: (change: (s: NoteSection) => NoteSection) => void;
  encounter: Encounter;
  /** Changes the encounter (the goal sections record what the session addressed of the care plan). */
  onEncounterChange?: (change: (e: Encounter) => Encounter) => void;
  conditions: readonly Condition[];
  choiceLists: NoteChoiceLists;
  partition: string;
  readOnly?: boolean;
  /**
   * Give the section, its text and each element the DOM id of their path, which the checks panel
   * focuses (the note editor: one note per page, so the ids are unique).
   */
  fieldIds?: boolean;
  /** The dictation control for narrative sections (the note editor passes it; other uses have none). */
  dictation?: (fieldLabel: string, insert: (text: string) => void) => ReactNode;
}

/**
 * One section of a note, by kind: Narrative (rich text), Form (its elements), Subform and
 * Assessment (the form renderer), Import (pasted text from another record). Read-only for signed notes.
 * With `fieldIds`, the section, its text and each element carry the DOM id of their path
 * (`sections.<key>.narrative`, `sections.<key>.answers.<element key>`), which the checks panel focuses.
 */
export function NoteSectionEditor({
  section,
  definition,
  onChange,
  encounter,
  onEncounterChange,
  conditions,
  choiceLists,
  partition,
  readOnly,
  fieldIds,
  dictation,
}: NoteSectionEditorProps) {
  const title = section.title ?? definition?.title ?? section.key;
  const headingId = `note-section-${section.key}`;
  const setAnswer = (key: string, value: unknown) => onChange?.((s) => ({ ...s, answers: { ...(s.answers ?? {}), [key]: value } }));
  const form = section.form ?? definition?.form;
  const idOf = (path: string) => (fieldIds ? fieldDomId(`sections.${section.key}${path}`) : undefined);
  return (
    // Visible overflow: a scored questionnaire's summary sticks under the header while its questions scroll (hidden would pin it).
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="note-section"
      id={idOf('')}
      style={{ overflow: 'visible' }}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} fz="md" id={headingId}>
            {title}
          </Title>
          {(definition?.required ?? false) && (
            <Badge size="xs" variant="light">
              Required
            </Badge>
          )}
          {section.shared && (
            <Badge size="xs" variant="light" color="grape">
              Shared with the group
            </Badge>
          )}
        </Group>
        {definition?.help && !readOnly && (
          <Text size="sm" c="dimmed" mt={-6}>
            {definition.help}
          </Text>
        )}
        {section.kind === 'Narrative' &&
          (readOnly && !section.narrative ? (
            <Text size="sm" c="dimmed">
              Nothing written.
            </Text>
          ) : (
            <NarrativeField
              label={title}
              value={section.narrative ?? ''}
              placeholder={definition?.help}
              readOnly={readOnly}
              id={idOf('.narrative')}
              onChange={(html) => onChange?.((s) => ({ ...s, narrative: html }))}
              dictation={dictation && ((insert) => dictation(title, insert))}
            />
          ))}
        {section.kind === 'Form' &&
          (definition?.elements ?? []).map((element) => (
            <div key={element.key} id={idOf(`.answers.${element.key}`)}>
              <SectionElement
                element={element}
                answers={section.answers ?? {}}
                onChange={setAnswer}
                encounter={encounter}
                conditions={conditions}
                choiceLists={choiceLists}
                partition={partition}
                readOnly={readOnly}
                onEncounterChange={onEncounterChange}
              />
            </div>
          ))}
        {section.kind === 'Form' && !definition?.elements?.length && (
          <Text size="sm" c="dimmed">
            This section has no elements.
          </Text>
        )}
        {(section.kind === 'Subform' || section.kind === 'Assessment') &&
          (form ? (
            <div id={idOf('.answers')}>
              <SectionForm
                form={form}
                answers={section.answers}
                onChange={readOnly ? undefined : (answers) => onChange?.((s) => ({ ...s, answers }))}
                readOnly={readOnly}
                partition={partition}
              />
            </div>
          ) : (
            <Text size="sm" c="dimmed">
              This section names no form.
            </Text>
          ))}
        {section.kind === 'Import' && (
          <Textarea
            id={idOf('.narrative')}
            label="Imported text"
            description="Paste what this note takes from another record"
            autosize
            minRows={3}
            value={section.narrative ?? ''}
            readOnly={readOnly}
            onChange={(e) => {
              const text = e.currentTarget.value;
              onChange?.((s) => ({ ...s, narrative: text }));
            }}
          />
        )}
      </Stack>
    </Card>
  );
}
