import { QuestionTypes, type QuestionType } from '@caseload/core';
import { Alert, Badge, Button, Grid, Group, NativeSelect, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconEye, IconPlus } from '@tabler/icons-react';
import { useFormBuilder, type FormBuilderInput } from '../../hooks/useFormBuilder.ts';
import { moveItem, removeItem, updateItem } from '../../utils/builder-items.ts';
import { STATUS_COLORS } from '../../utils/status-colors.ts';
import { QuestionnaireForm } from '../QuestionnaireForm.tsx';
import { ItemEditor } from './ItemEditor.tsx';
import { ItemOutline } from './ItemOutline.tsx';

export type BuilderScreenProps = FormBuilderInput;

/**
 * The form builder (`/forms/builder/:id?`): the questions in order on the left (add, select,
 * reorder by buttons or drag, remove), the selected question's settings in the middle, and the
 * form as it will be filled in on the right, live. "Save draft" keeps it a Draft; "Publish" asks
 * the server to make it Active, which checks every rule and may refuse with its reason. A profile
 * that may not save it sees the preview only.
 */
export function BuilderScreen({ initial, live, kind }: BuilderScreenProps) {
  const {
    draft,
    change,
    setItems,
    selected,
    setSelected,
    current,
    addType,
    setAddType,
    add,
    drop,
    revision,
    message,
    busy,
    mayChange,
    run,
  } = useFormBuilder({ initial, live, kind });
  const noun = kind === 'Form' ? 'Form' : 'Questionnaire';
  useDocumentTitle(`${draft.title || 'New form'} · Form builder · Caseload`);

  const preview = (
    <Paper withBorder p="sm" aria-label="Preview" role="region">
      <Title order={2} fz="md" mb="xs">
        Preview
      </Title>
      {draft.items.length === 0 ? (
        <Text c="dimmed" fz="sm">
          The form shows here as questions are added.
        </Text>
      ) : (
        <QuestionnaireForm key={revision} questionnaire={draft} showTitle />
      )}
    </Paper>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>
            {!mayChange ? draft.title || noun : initial.id ? `Edit ${noun.toLowerCase()}` : `New ${noun.toLowerCase()}`}
          </Title>
          <Group gap="xs">
            <Badge color={STATUS_COLORS[live?.status ?? draft.status]} variant="light" data-testid="builder-status">
              {live?.status ?? draft.status}
            </Badge>
            {live?.version !== undefined && (
              <Text fz="sm" c="dimmed">
                Version {live.version}
              </Text>
            )}
            {draft.builtIn && <Badge variant="outline">Built-in</Badge>}
          </Group>
        </div>
        {mayChange && (
          <Group>
            <Button variant="default" onClick={() => void run('Draft')} loading={busy}>
              Save draft
            </Button>
            <Button onClick={() => void run('Active')} loading={busy} leftSection={<IconCheck size={16} />}>
              Publish
            </Button>
            {live?.status === 'Active' && (
              <Button variant="subtle" color="red" onClick={() => void run('Retired')} loading={busy}>
                Retire
              </Button>
            )}
          </Group>
        )}
      </Group>
      {!mayChange && (
        <Alert color="gray" variant="light" icon={<IconEye size={20} />} title="View only">
          Your role can read this {noun.toLowerCase()} but not change it.
        </Alert>
      )}
      {message && (
        <Alert
          color={message.ok ? 'intent-success' : 'red'}
          variant="light"
          role={message.ok ? 'status' : 'alert'}
          title={message.ok ? undefined : 'The server refused to save it'}
          data-testid="builder-message"
          icon={message.ok ? <IconCheck size={20} /> : <IconAlertCircle size={20} />}
        >
          {message.text}
        </Alert>
      )}
      {mayChange ? (
        <>
          <Group grow align="flex-start">
            <TextInput
              label="Title"
              required
              value={draft.title}
              onChange={(e) => change({ title: e.currentTarget.value, display: e.currentTarget.value })}
            />
            <Textarea
              label="Description"
              value={draft.description ?? ''}
              onChange={(e) => change({ description: e.currentTarget.value || undefined })}
              autosize
              minRows={1}
            />
          </Group>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Paper withBorder p="sm">
                <Title order={2} fz="md" mb="xs">
                  Questions
                </Title>
                <ItemOutline
                  items={draft.items}
                  selected={selected}
                  onSelect={setSelected}
                  onMove={(linkId, delta) => setItems(moveItem(draft.items, linkId, delta))}
                  onDrop={drop}
                  onRemove={(linkId) => setItems(removeItem(draft.items, linkId))}
                />
                <Group gap="xs" align="flex-end" mt="sm">
                  <NativeSelect
                    label="New question type"
                    data={[...QuestionTypes]}
                    value={addType}
                    onChange={(e) => setAddType(e.currentTarget.value as QuestionType)}
                    style={{ flex: 1 }}
                  />
                  <Button leftSection={<IconPlus size={16} />} onClick={add}>
                    Add question
                  </Button>
                </Group>
                {current?.type === 'Header' && (
                  <Text fz="xs" c="dimmed" mt={4}>
                    New questions go inside the selected section.
                  </Text>
                )}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder p="sm">
                {current ? (
                  <ItemEditor
                    item={current}
                    all={draft.items}
                    onChange={(next) => setItems(updateItem(draft.items, current.linkId, () => next))}
                  />
                ) : (
                  <Text c="dimmed" fz="sm">
                    Select a question to configure it.
                  </Text>
                )}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>{preview}</Grid.Col>
          </Grid>
        </>
      ) : (
        preview
      )}
    </Stack>
  );
}
