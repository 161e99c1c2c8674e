import { QuestionTypes, type QuestionType, type Questionnaire, type QuestionnaireItem } from '@caseload/core';
import { Alert, Badge, Button, Grid, Group, NativeSelect, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useResource } from '../../../../data/index.ts';
import { LoadingIndicator } from '../../../../ui/LoadingIndicator.tsx';
import { collectionOf, useSaveQuestionnaire } from '../../hooks/useSaveQuestionnaire.ts';
import { moveInList, moveItem, newItem, removeItem, updateItem } from '../../utils/builder-items.ts';
import { STATUS_COLORS } from '../../utils/status-colors.ts';
import { QuestionnaireForm } from '../QuestionnaireForm.tsx';
import { ItemEditor } from './ItemEditor.tsx';
import { ItemOutline } from './ItemOutline.tsx';

export interface FormBuilderProps {
  /** The definition edited; absent: a new one. */
  id?: string;
  kind: Questionnaire['resourceType'];
}

/** What the builder edits: a definition that may not be stored yet (no id or meta). */
type Draft = Pick<Questionnaire, 'resourceType' | 'title' | 'status' | 'items'> &
  Partial<Pick<Questionnaire, 'id' | 'meta' | 'description' | 'display' | 'version' | 'builtIn' | 'scoring' | 'publishedVersionId' | 'copyright'>>;

const blank = (kind: Questionnaire['resourceType']): Draft => ({ resourceType: kind, title: '', status: 'Draft', items: [] });

/** The builder for an existing definition waits for it, then edits a copy. */
export function FormBuilder({ id, kind }: FormBuilderProps) {
  const { item, loading, error } = useResource<Questionnaire>(collectionOf(kind), id);
  if (id && !item) {
    if (loading) return <LoadingIndicator fullScreen={false} label="Loading the form" />;
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="This form can't be opened">
        {error?.message ?? 'The requested data was not found.'}
      </Alert>
    );
  }
  return <BuilderScreen key={item?.id ?? 'new'} initial={item ?? blank(kind)} live={item} kind={kind} />;
}

/** Finds an item anywhere in the tree. */
const find = (items: readonly QuestionnaireItem[], linkId?: string): QuestionnaireItem | undefined => {
  for (const i of items) {
    if (i.linkId === linkId) return i;
    const inner = i.type === 'Header' ? find(i.items ?? [], linkId) : undefined;
    if (inner) return inner;
  }
  return undefined;
};

/**
 * The form builder (`/forms/builder/:id?`): the questions in order on the left (add, select,
 * reorder by buttons or drag, remove), the selected question's settings in the middle, and the
 * form as it will be filled in on the right, live. "Save draft" keeps it a Draft; "Publish" asks
 * the server to make it Active, which checks every rule and may refuse with its reason.
 */
function BuilderScreen({ initial, live, kind }: { initial: Draft; live?: Questionnaire; kind: Questionnaire['resourceType'] }) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [selected, setSelected] = useState<string | undefined>(initial.items[0]?.linkId);
  const [addType, setAddType] = useState<QuestionType>('String');
  const [revision, setRevision] = useState(0);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const save = useSaveQuestionnaire(kind);
  const navigate = useNavigate();
  useDocumentTitle(`${draft.title || 'New form'} · Form builder · Caseload`);

  const change = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setRevision((r) => r + 1);
  };
  const setItems = (items: QuestionnaireItem[]) => change({ items });
  const current = find(draft.items, selected);

  const add = () => {
    const item = newItem(addType, draft.items);
    const target = current?.type === 'Header' ? current.linkId : undefined;
    setItems(target ? updateItem(draft.items, target, (h) => ({ ...h, items: [...(h.items ?? []), item] })) : [...draft.items, item]);
    setSelected(item.linkId);
  };

  const drop = (moved: string, target: string) => {
    const from = draft.items.findIndex((i) => i.linkId === moved);
    const to = draft.items.findIndex((i) => i.linkId === target);
    if (from !== -1 && to !== -1) setItems(moveInList(draft.items, from, to));
  };

  const run = async (status: Questionnaire['status']) => {
    setBusy(true);
    setMessage(undefined);
    try {
      // The stored copy's meta (kept current by the data layer) says which version this edit follows.
      const result = await save({ ...draft, id: live?.id ?? draft.id, meta: live?.meta ?? draft.meta, status } as Questionnaire);
      if (result.kind === 'refused') return setMessage({ ok: false, text: result.message });
      setDraft((d) => ({ ...d, id: result.item.id, meta: result.item.meta }));
      setMessage({
        ok: true,
        text: result.kind === 'queued' ? 'Saved on this device. It will be sent when the server can be reached.' : status === 'Active' ? 'Published.' : status === 'Retired' ? 'Retired.' : 'Draft saved.',
      });
      if (!initial.id) navigate(`/forms/builder/${result.item.id}?kind=${kind}`, { replace: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{initial.id ? `Edit ${kind === 'Form' ? 'form' : 'questionnaire'}` : `New ${kind === 'Form' ? 'form' : 'questionnaire'}`}</Title>
          <Group gap="xs">
            <Badge color={STATUS_COLORS[live?.status ?? draft.status]} variant="light" data-testid="builder-status">{live?.status ?? draft.status}</Badge>
            {live?.version !== undefined && <Text fz="sm" c="dimmed">Version {live.version}</Text>}
            {draft.builtIn && <Badge variant="outline">Built-in</Badge>}
          </Group>
        </div>
        <Group>
          <Button variant="default" onClick={() => void run('Draft')} loading={busy}>Save draft</Button>
          <Button onClick={() => void run('Active')} loading={busy} leftSection={<IconCheck size={16} />}>Publish</Button>
          {live?.status === 'Active' && <Button variant="subtle" color="red" onClick={() => void run('Retired')} loading={busy}>Retire</Button>}
        </Group>
      </Group>
      {message && (
        <Alert color={message.ok ? 'intent-success' : 'red'} variant="light" role={message.ok ? 'status' : 'alert'} title={message.ok ? undefined : 'The server refused to save it'} data-testid="builder-message" icon={message.ok ? <IconCheck size={20} /> : <IconAlertCircle size={20} />}>
          {message.text}
        </Alert>
      )}
      <Group grow align="flex-start">
        <TextInput label="Title" required value={draft.title} onChange={(e) => change({ title: e.currentTarget.value, display: e.currentTarget.value })} />
        <Textarea label="Description" value={draft.description ?? ''} onChange={(e) => change({ description: e.currentTarget.value || undefined })} autosize minRows={1} />
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p="sm">
            <Title order={2} fz="md" mb="xs">Questions</Title>
            <ItemOutline
              items={draft.items}
              selected={selected}
              onSelect={setSelected}
              onMove={(linkId, delta) => setItems(moveItem(draft.items, linkId, delta))}
              onDrop={drop}
              onRemove={(linkId) => setItems(removeItem(draft.items, linkId))}
            />
            <Group gap="xs" align="flex-end" mt="sm">
              <NativeSelect label="New question type" data={[...QuestionTypes]} value={addType} onChange={(e) => setAddType(e.currentTarget.value as QuestionType)} style={{ flex: 1 }} />
              <Button leftSection={<IconPlus size={16} />} onClick={add}>Add question</Button>
            </Group>
            {current?.type === 'Header' && <Text fz="xs" c="dimmed" mt={4}>New questions go inside the selected section.</Text>}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="sm">
            {current ? (
              <ItemEditor item={current} all={draft.items} onChange={(next) => setItems(updateItem(draft.items, current.linkId, () => next))} />
            ) : (
              <Text c="dimmed" fz="sm">Select a question to configure it.</Text>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="sm" aria-label="Preview" role="region">
            <Title order={2} fz="md" mb="xs">Preview</Title>
            {draft.items.length === 0 ? (
              <Text c="dimmed" fz="sm">The form shows here as questions are added.</Text>
            ) : (
              <QuestionnaireForm key={revision} questionnaire={draft} showTitle />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
