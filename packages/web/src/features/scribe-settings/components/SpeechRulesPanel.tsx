import { ActionIcon, Alert, Badge, Button, Card, Group, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { useSpeechRules, type SpeechRule } from '../hooks/useSpeechRules.ts';

type Draft = Pick<SpeechRule, 'spoken' | 'written' | 'active' | 'scope'> & { id?: string; original?: SpeechRule };
/** A line break written by a rule, made visible. */
const shown = (w: string) => (w === '\n' ? '↵ line break' : w === '\n\n' ? '↵↵ blank line' : w.replace(/\n/g, '↵'));
const EMPTY: Draft = { spoken: '', written: '', active: true, scope: 'personal' };

/**
 * Speech rules (docs/scribe.md, "Dictation and speech rules"): the practice's and the user's own,
 * spoken → written, with add, edit and delete where the user may write; the global templates
 * listed read-only below.
 */
export function SpeechRulesPanel() {
  const s = useSpeechRules();
  const [draft, setDraft] = useState<Draft>();
  const [error, setError] = useState<string>();
  const submit = async () => {
    if (!draft) return;
    setError(undefined);
    try {
      const base = draft.original ?? { resourceType: 'SpeechRule' as const, display: draft.spoken };
      await s.save({
        ...base,
        spoken: draft.spoken.trim(),
        written: draft.written,
        active: draft.active,
        scope: draft.scope,
      } as SpeechRule);
      setDraft(undefined);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="speech-rules">
        <Group justify="space-between" mb="xs">
          <Title order={2} fz={18} id="speech-rules">
            Speech rules
          </Title>
          {s.canAdd && !draft && <Button onClick={() => setDraft(EMPTY)}>Add speech rule</Button>}
        </Group>
        <Text c="dimmed" fz="sm" mb="md">
          What a dictation writes when a phrase is said. Your personal rules come before the practice's, and the practice's before the
          standard ones.
        </Text>
        {draft && (
          <Card
            withBorder
            padding="sm"
            mb="md"
            component="form"
            aria-label="Speech rule"
            onSubmit={(e) => (e.preventDefault(), void submit())}
          >
            <Group align="end" gap="sm" wrap="wrap">
              <TextInput
                label="Spoken"
                required
                value={draft.spoken}
                onChange={(e) => setDraft({ ...draft, spoken: e.currentTarget.value })}
              />
              <TextInput
                label="Written"
                required
                value={draft.written}
                onChange={(e) => setDraft({ ...draft, written: e.currentTarget.value })}
              />
              <Select
                label="For"
                w={150}
                disabled={!!draft.original}
                data={[
                  { value: 'personal', label: 'Just me' },
                  ...(s.canAddPractice ? [{ value: 'practice', label: 'The practice' }] : []),
                ]}
                value={draft.scope}
                onChange={(v) => v && setDraft({ ...draft, scope: v as Draft['scope'] })}
                allowDeselect={false}
              />
              <Switch
                label="Active"
                checked={draft.active !== false}
                onChange={(e) => setDraft({ ...draft, active: e.currentTarget.checked })}
              />
              <Button type="submit" disabled={!draft.spoken.trim() || !draft.written}>
                Save rule
              </Button>
              <Button variant="default" onClick={() => (setDraft(undefined), setError(undefined))}>
                Cancel
              </Button>
            </Group>
            {error && (
              <Text c="red" fz="sm" mt="xs" role="alert">
                {error}
              </Text>
            )}
          </Card>
        )}
        {s.loading ? (
          <LoadingIndicator fullScreen={false} label="Loading speech rules" />
        ) : s.error ? (
          <Alert color="red" role="alert">
            Speech rules could not be loaded.
          </Alert>
        ) : s.rules.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No speech rules of the practice or of your own yet: the standard ones below apply.
          </Text>
        ) : (
          <Table aria-label="Speech rules">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Spoken</Table.Th>
                <Table.Th>Written</Table.Th>
                <Table.Th>For</Table.Th>
                <Table.Th>Active</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.rules.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.spoken}</Table.Td>
                  <Table.Td>{shown(r.written)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={r.scope === 'personal' ? 'grape' : 'blue'}>
                      {r.scope === 'personal' ? 'Mine' : 'Practice'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{r.active === false ? 'Off' : 'On'}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="end">
                      {s.canWrite(r) && (
                        <ActionIcon variant="subtle" aria-label={`Edit ${r.spoken}`} onClick={() => setDraft({ ...r, original: r })}>
                          <IconPencil size={16} />
                        </ActionIcon>
                      )}
                      {s.canDelete(r) && (
                        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${r.spoken}`} onClick={() => void s.remove(r)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="speech-templates">
        <Title order={3} fz={16} id="speech-templates">
          Standard speech rules
        </Title>
        <Text c="dimmed" fz="sm" mb="sm">
          Kept by Caseload for every practice; a rule above with the same spoken phrase replaces one of these.
        </Text>
        <Table aria-label="Standard speech rules">
          <Table.Tbody>
            {s.templates.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>{t.spoken}</Table.Td>
                <Table.Td>{shown(t.written)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
