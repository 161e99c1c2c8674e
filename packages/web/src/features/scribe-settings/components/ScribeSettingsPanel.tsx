import { Alert, Button, Card, Checkbox, Group, NumberInput, Radio, Select, Stack, Text, Title, ActionIcon } from '@mantine/core';
import { IconAlertCircle, IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { SCRIBE_FORMATS } from '@caseload/core';
import { userMessageFor } from '../../../platform/core-web.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { useScribePreferences, type RetentionMode } from '../hooks/useScribePreferences.ts';
import { useScribeSettings } from '../hooks/useScribeSettings.ts';
import { ProviderCard } from './ProviderCard.tsx';

const errorText = (e: unknown) => (e instanceof Error ? e.message : e ? String(e) : undefined);

/**
 * `/administration/scribe`: the practice's scribe providers (read and saved over `scribe/settings`,
 * keys only ever "set" / "not set") and its scribe preferences (audio retention, formats offered,
 * their section order and the default), for those who may change the practice's preferences.
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
            Session audio and note formats
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
            <Select
              label="Default note format"
              w={240}
              data={draft.formats.filter((f) => f.enabled).map((f) => f.format)}
              value={draft.defaultFormat}
              onChange={(v) => v && prefs.change({ defaultFormat: v as typeof draft.defaultFormat })}
              allowDeselect={false}
            />
            <Text fz="sm" fw={500}>
              Formats offered, and their sections in order
            </Text>
            {draft.formats.map((f, i) => (
              <Stack key={f.format} gap={4}>
                <Checkbox
                  label={f.format}
                  checked={f.enabled}
                  disabled={f.format === draft.defaultFormat}
                  onChange={(e) =>
                    prefs.change({ formats: draft.formats.map((x, j) => (j === i ? { ...x, enabled: e.currentTarget.checked } : x)) })
                  }
                />
                {f.enabled && (
                  <Group gap={6} ml="xl" wrap="wrap">
                    {f.sectionOrder.map((key, k) => {
                      const move = (by: number) => {
                        const order = [...f.sectionOrder];
                        [order[k], order[k + by]] = [order[k + by]!, order[k]!];
                        prefs.change({ formats: draft.formats.map((x, j) => (j === i ? { ...x, sectionOrder: order } : x)) });
                      };
                      const title = SCRIBE_FORMATS[f.format].find((s) => s.key === key)?.title ?? key;
                      return (
                        <Group
                          key={key}
                          gap={2}
                          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6 }}
                          px={6}
                        >
                          <Text fz="xs">{title}</Text>
                          <ActionIcon
                            size="xs"
                            variant="subtle"
                            disabled={k === 0}
                            onClick={() => move(-1)}
                            aria-label={`Move ${title} earlier in ${f.format}`}
                          >
                            <IconArrowUp size={12} />
                          </ActionIcon>
                          <ActionIcon
                            size="xs"
                            variant="subtle"
                            disabled={k === f.sectionOrder.length - 1}
                            onClick={() => move(1)}
                            aria-label={`Move ${title} later in ${f.format}`}
                          >
                            <IconArrowDown size={12} />
                          </ActionIcon>
                        </Group>
                      );
                    })}
                  </Group>
                )}
              </Stack>
            ))}
            <FormErrorAlert error={prefs.saveError} />
            <Group gap="sm">
              <Button onClick={() => void prefs.submit()} loading={prefs.saving} disabled={!prefs.dirty}>
                Save audio and formats
              </Button>
              <Text fz="sm" c="dimmed" aria-live="polite">
                {prefs.saved ? 'Saved.' : prefs.dirty ? 'You have unsaved changes.' : ''}
              </Text>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
