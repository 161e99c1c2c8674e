import { Alert, Button, Card, Group, NumberInput, Radio, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { userMessageFor } from '../../../platform/core-web.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { useScribePreferences, type RetentionMode } from '../hooks/useScribePreferences.ts';
import { useScribeSettings } from '../hooks/useScribeSettings.ts';
import { NoteFormatsCard } from './NoteFormatsCard.tsx';
import { ProviderCard } from './ProviderCard.tsx';

const errorText = (e: unknown) => (e instanceof Error ? e.message : e ? String(e) : undefined);

/**
 * `/administration/scribe`: the practice's scribe providers (read and saved over `scribe/settings`,
 * keys only ever "set" / "not set"), its session audio retention and its note formats (offered,
 * default, section order, instructions), for those who may change the practice's preferences.
 */
export function ScribeSettingsPanel() {
  const state = useScribeSettings();
  const prefs = useScribePreferences();
  if (state.loadError) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={20} />} title="Scribe settings could not be loaded">
        {userMessageFor(state.loadError)}
      </Alert>
    );
  }
  if (!state.settings || !state.drafts) return <LoadingIndicator fullScreen={false} label="Loading scribe settings" />;
  const { settings, drafts } = state;
  const saveMessage = errorText(state.saveError);
  const errorFor = (which: string) => (saveMessage?.toLowerCase().includes(which) ? saveMessage : undefined);
  const { draft } = prefs;

  return (
    <Stack gap="lg" aria-label="Scribe settings">
      <div>
        <Title order={2} fz={20}>
          Scribe settings
        </Title>
        <Text c="dimmed" fz="sm">
          Where recordings are transcribed and notes drafted, how long session audio is kept, and the note formats offered.
        </Text>
      </div>
      <ProviderCard
        which="transcription"
        title="Transcription"
        description={`Turns recordings into transcripts. The server's default here: ${settings.server.transcription}.`}
        draft={drafts.transcription}
        keySet={settings.transcription.apiKey === 'set'}
        canKeepKeys={settings.server.canKeepKeys}
        state={state}
        error={errorFor('transcription')}
      />
      <ProviderCard
        which="generator"
        title="Note generator"
        description="Drafts the note from the transcript: the built-in rules, or an OpenAI-compatible chat endpoint."
        draft={drafts.generator}
        keySet={settings.generator.apiKey === 'set'}
        canKeepKeys={settings.server.canKeepKeys}
        state={state}
        error={errorFor('generator')}
      />
      <Stack gap="xs">
        {saveMessage && !errorFor('transcription') && !errorFor('generator') && <FormErrorAlert error={state.saveError} />}
        <Group gap="sm">
          <Button onClick={() => void state.save()} loading={state.saving}>
            Save providers
          </Button>
          <Text fz="sm" c="dimmed" aria-live="polite">
            {state.saved ? 'Providers saved.' : ''}
          </Text>
        </Group>
      </Stack>

      {prefs.loading ? (
        <LoadingIndicator fullScreen={false} label="Loading preferences" />
      ) : (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="scribe-retention">
          <Title order={3} fz={16} id="scribe-retention">
            Session audio
          </Title>
          <Stack gap="md" mt="sm">
            <Radio.Group
              label="Keep session audio"
              value={draft.retention}
              onChange={(v) => prefs.change({ retention: v as RetentionMode })}
            >
              <Stack gap={6} mt={6}>
                <Radio value="DeleteOnSign" label="Delete when the note is signed" />
                <Radio value="KeepDays" label="Keep for a number of days after signing" />
                <Radio value="Keep" label="Keep" />
              </Stack>
            </Radio.Group>
            {draft.retention === 'KeepDays' && (
              <NumberInput
                label="Days to keep"
                min={1}
                max={3650}
                w={160}
                value={draft.days}
                onChange={(v) => prefs.change({ days: Number(v) || 1 })}
              />
            )}
            {draft.retention !== 'Keep' && (
              <NumberInput
                label="Days to keep audio of a session never signed"
                description="Counted from its last recording; the transcript stays."
                min={1}
                max={3650}
                w={400}
                value={draft.unsignedDays}
                onChange={(v) => prefs.change({ unsignedDays: Number(v) || 1 })}
              />
            )}
            <FormErrorAlert error={prefs.saveError} />
            <Group gap="sm">
              <Button onClick={() => void prefs.submit()} loading={prefs.saving} disabled={!prefs.dirty}>
                Save audio retention
              </Button>
              <Text fz="sm" c="dimmed" aria-live="polite">
                {prefs.saved ? 'Saved.' : prefs.dirty ? 'You have unsaved changes.' : ''}
              </Text>
            </Group>
          </Stack>
        </Card>
      )}
      <NoteFormatsCard />
    </Stack>
  );
}
