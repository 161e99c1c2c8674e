import { BUILTIN_RULES_VERSION, MAX_FORMAT_INSTRUCTIONS, promptVersionFor, SCRIBE_FORMAT_NAMES, type ScribeFormat } from '@caseload/core';
import { Badge, Button, Card, Code, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { userMessageFor } from '../../../platform/core-web.ts';
import { useScribeFormats } from '../hooks/useScribeFormats.ts';
import type { FormatDraft } from '../utils/format-draft.ts';
import { SectionOrderList } from './SectionOrderList.tsx';

type FormatsState = ReturnType<typeof useScribeFormats>;

/**
 * "Note formats": which of the seven formats clinicians may draft in, the default, each format's
 * section order and its extra instructions for the chat generator, with the prompt version a chat
 * draft will record (it changes with the instructions). Saved as PracticePreferences.
 */
export function NoteFormatsCard() {
  const state = useScribeFormats();
  if (state.loading) return <LoadingIndicator fullScreen={false} label="Loading note formats" />;
  const { draft } = state;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="scribe-note-formats">
      <Title order={3} fz={16} id="scribe-note-formats">
        Note formats
      </Title>
      <Text c="dimmed" fz="sm">
        The formats clinicians may draft a note in, the order of each one&apos;s sections, and instructions the chat generator follows for
        it.
      </Text>
      {state.error !== undefined ? (
        // Not offered for editing: a save now would make a second preferences resource beside the unread one.
        <Text c="red" fz="sm" role="alert" mt="xs">
          The practice&apos;s preferences could not be loaded: {userMessageFor(state.error)}
        </Text>
      ) : (
        <Stack gap="md" mt="sm">
          <Select
            label="Default note format"
            description="Preselected when a scribe session starts. Only an offered format can be the default."
            maw={420}
            data={draft.formats.filter((f) => f.enabled).map((f) => ({ value: f.format, label: SCRIBE_FORMAT_NAMES[f.format] }))}
            value={draft.defaultFormat}
            onChange={(v) => v && state.setDefault(v as ScribeFormat)}
            allowDeselect={false}
          />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
            {draft.formats.map((f) => (
              <FormatPanel key={f.format} format={f} isDefault={f.format === draft.defaultFormat} state={state} />
            ))}
          </SimpleGrid>
          <FormErrorAlert error={state.saveError} />
          <Group gap="sm">
            <Button onClick={() => void state.submit()} loading={state.saving} disabled={!state.dirty}>
              Save note formats
            </Button>
            <Text fz="sm" c="dimmed" aria-live="polite">
              {state.saved ? 'Note formats saved.' : state.dirty ? 'You have unsaved changes.' : ''}
            </Text>
          </Group>
        </Stack>
      )}
    </Card>
  );
}

function FormatPanel({ format: f, isDefault, state }: { format: FormatDraft; isDefault: boolean; state: FormatsState }) {
  const name = SCRIBE_FORMAT_NAMES[f.format];
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={`${f.format} format`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Switch
          label={name}
          description={isDefault ? 'The default format is always offered.' : f.enabled ? 'Offered' : 'Not offered'}
          checked={f.enabled}
          disabled={isDefault}
          onChange={(e) => state.setEnabled(f.format, e.currentTarget.checked)}
          aria-label={`Offer ${f.format}`}
        />
        {isDefault && (
          <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
            Default
          </Badge>
        )}
      </Group>
      {f.enabled ? (
        <Stack gap="xs" mt="sm">
          <Text fz="sm" fw={500} id={`sections-${f.format}`}>
            Sections, in the order the note shows them
          </Text>
          <SectionOrderList format={f.format} order={f.sectionOrder} onMove={(from, to) => state.move(f.format, from, to)} />
          <Textarea
            label="Extra instructions"
            description={`For the chat generator only (${f.instructions.length} / ${MAX_FORMAT_INSTRUCTIONS} characters).`}
            aria-label={`Extra instructions for ${f.format}`}
            placeholder="e.g. Name the therapeutic modality used."
            autosize
            minRows={2}
            maxRows={8}
            maxLength={MAX_FORMAT_INSTRUCTIONS}
            value={f.instructions}
            onChange={(e) => state.setInstructions(f.format, e.currentTarget.value)}
          />
          <Stack gap={2}>
            <Text fz="xs" c="dimmed" data-testid={`prompt-version-${f.format}`}>
              Prompt version a chat draft records: <Code>{promptVersionFor(f.format, f.instructions)}</Code>
            </Text>
            <Text fz="xs" c="dimmed">
              A built-in draft records its rules, <Code>{BUILTIN_RULES_VERSION}</Code>, and reads no instructions.
            </Text>
          </Stack>
        </Stack>
      ) : (
        <Text fz="sm" c="dimmed" mt="xs">
          Clinicians cannot draft in {f.format}. Its section order and instructions are kept.
        </Text>
      )}
    </Paper>
  );
}
