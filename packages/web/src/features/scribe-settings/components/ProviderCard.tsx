import { Alert, Badge, Button, Card, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { ProviderDraft, ScribeSettingsState, Which } from '../hooks/useScribeSettings.ts';

const CHOICES: Record<Which, { value: string; label: string }[]> = {
  transcription: [
    { value: 'server', label: "Server's default" },
    { value: 'none', label: 'None' },
    { value: 'local', label: 'Local engine' },
    { value: 'openai-compatible', label: 'OpenAI-compatible' },
  ],
  generator: [
    { value: 'server', label: "Server's default" },
    { value: 'builtin', label: 'Built-in' },
    { value: 'openai-chat', label: 'OpenAI-compatible chat' },
  ],
};
const REMOTE = ['openai-compatible', 'openai-chat'];

interface Props {
  which: Which;
  title: string;
  description: string;
  draft: ProviderDraft;
  keySet: boolean;
  canKeepKeys: boolean;
  state: ScribeSettingsState;
  /** The server's 400, shown beside this provider when it names it. */
  error?: string;
}

/** One provider: the choice, and for a remote one its base URL, model and key ("set" / "not set", Replace). */
export function ProviderCard({ which, title, description, draft, keySet, canKeepKeys, state, error }: Props) {
  const [replacing, setReplacing] = useState(false);
  const set = (patch: Partial<ProviderDraft>) => state.setDraft(which, patch);
  const check = state.checks[which];
  const remote = REMOTE.includes(draft.provider);
  const keyShown = draft.removeKey ? false : keySet;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`scribe-${which}`}>
      <Title order={3} fz={16} id={`scribe-${which}`}>
        {title}
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        {description}
      </Text>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={`${title} provider`}
          value={draft.provider}
          onChange={(provider) => set({ provider })}
          data={CHOICES[which]}
        />
        {remote && (
          <>
            <TextInput
              label="Base URL"
              description="Ending /v1, e.g. https://whisper.example.org/v1"
              value={draft.baseUrl}
              onChange={(e) => set({ baseUrl: e.currentTarget.value })}
              error={error}
            />
            <TextInput label="Model" value={draft.model} onChange={(e) => set({ model: e.currentTarget.value })} />
            <Group gap="sm" align="center">
              <Text fz="sm">API key:</Text>
              <Badge color={keyShown ? 'teal' : 'gray'} variant="light" data-testid={`${which}-key-state`}>
                {keyShown ? 'set' : 'not set'}
              </Badge>
              {!replacing && (
                <Button size="xs" variant="default" onClick={() => setReplacing(true)} disabled={!canKeepKeys}>
                  {keySet ? 'Replace' : 'Add a key'}
                </Button>
              )}
              {keySet && !draft.removeKey && (
                <Button size="xs" variant="subtle" color="red" onClick={() => set({ removeKey: true, newKey: '' })}>
                  Remove
                </Button>
              )}
            </Group>
            {!canKeepKeys && (
              <Text fz="xs" c="dimmed">
                This server cannot keep keys (CASELOAD_SECRET_KEY is not set).
              </Text>
            )}
            {replacing && (
              <PasswordInput
                label={`New ${title.toLowerCase()} API key`}
                autoComplete="off"
                value={draft.newKey}
                onChange={(e) => set({ newKey: e.currentTarget.value, removeKey: false })}
              />
            )}
          </>
        )}
        <Group gap="sm">
          <Button
            variant="default"
            size="xs"
            onClick={() => void state.check(which)}
            loading={check && 'pending' in check && check.pending}
          >
            Test connection
          </Button>
          <Text fz="xs" c="dimmed">
            Tries the saved settings.
          </Text>
        </Group>
        {check && !('pending' in check && check.pending) && (
          <Alert color={check.ok ? 'teal' : 'red'} variant="light" role="status" p="xs">
            {check.message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
