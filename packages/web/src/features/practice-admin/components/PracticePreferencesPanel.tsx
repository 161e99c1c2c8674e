import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { userMessageFor } from '../../../platform/core-web.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { LABEL_KINDS, relabel, usePracticeLabels } from '../../practice/index.ts';
import { usePracticePreferencesForm } from '../hooks/usePracticePreferencesForm.ts';
import { PREFERENCE_GROUPS } from '../utils/preference-fields.ts';
import { defaultLabel } from '../utils/preferences-form.ts';
import { PreferenceFieldInput } from './PreferenceFieldInput.tsx';

/**
 * The practice preferences of SPEC.md section 9, grouped (access, notes, group notes, scheduling,
 * reports, scribe, mobile, dashboard) with a sentence each, and the six labels. Saved as one
 * PracticePreferences resource through the data layer: a label change shows in the navigation and
 * every title at once.
 */
export function PracticePreferencesPanel() {
  const { resource, loading, error, canSave, current, form, submit, onSubmit } = usePracticePreferencesForm();
  const labels = usePracticeLabels();
  const { control, formState, reset } = form;

  if (error && !resource) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={20} />} title="Preferences could not be loaded">
        {userMessageFor(error)}
      </Alert>
    );
  }
  if (loading && !resource) return <LoadingIndicator fullScreen={false} label="Loading preferences" />;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Practice preferences">
      <Stack gap="lg">
        <div>
          <Title order={2} fz={20}>
            Preferences
          </Title>
          <Text c="dimmed" fz="sm">
            {relabel('How the practice works, for everyone in it. Changes apply as soon as they are saved.', labels)}
            {!canSave && ' You can look at them; changing them needs the right to manage practice preferences.'}
          </Text>
        </div>

        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="prefs-labels">
          <Title order={3} fz={16} id="prefs-labels">
            Words your practice uses
          </Title>
          <Text c="dimmed" fz="sm" mb="md">
            What the screens call these things, one and many (a practice that sees clients can say “Client” and “Clients”).
          </Text>
          <Stack gap="sm">
            {LABEL_KINDS.map((kind) => (
              <SimpleGrid key={kind} cols={{ base: 1, xs: 2 }} spacing="sm">
                {(['singular', 'plural'] as const).map((form) => (
                  <Controller
                    key={form}
                    control={control}
                    name={`labels.${kind}.${form}`}
                    render={({ field, fieldState }) => (
                      <TextInput
                        label={`${defaultLabel(kind).singular} (${form === 'singular' ? 'one' : 'many'})`}
                        placeholder={defaultLabel(kind)[form]}
                        disabled={!canSave}
                        error={fieldState.error?.message}
                        {...field}
                      />
                    )}
                  />
                ))}
              </SimpleGrid>
            ))}
          </Stack>
        </Card>

        {PREFERENCE_GROUPS.map((group) => (
          <Card key={group.id} withBorder radius="md" padding="lg" component="section" aria-labelledby={`prefs-${group.id}`}>
            <Title order={3} fz={16} id={`prefs-${group.id}`}>
              {relabel(group.title, labels)}
            </Title>
            <Text c="dimmed" fz="sm" mb="md">
              {relabel(group.description, labels)}
            </Text>
            <Stack gap="md">
              {group.fields.map((field) => (
                <PreferenceFieldInput key={field.key} field={field} control={control} labels={labels} disabled={!canSave} />
              ))}
            </Stack>
          </Card>
        ))}

        {canSave && (
          <Card
            withBorder
            radius="md"
            padding="sm"
            style={{ position: 'sticky', bottom: 'var(--mantine-spacing-md)', zIndex: 2, boxShadow: 'var(--mantine-shadow-md)' }}
          >
            <Stack gap="xs">
              <FormErrorAlert error={submit.error} />
              <Group justify="space-between">
                <Text fz="sm" c="dimmed" aria-live="polite">
                  {formState.isDirty ? 'You have unsaved changes.' : 'Everything is saved.'}
                </Text>
                <Group gap="sm">
                  <Button variant="default" disabled={!formState.isDirty || submit.pending} onClick={() => reset(current)}>
                    Discard changes
                  </Button>
                  <Button type="submit" loading={submit.pending} disabled={!formState.isDirty}>
                    Save preferences
                  </Button>
                </Group>
              </Group>
            </Stack>
          </Card>
        )}
      </Stack>
    </form>
  );
}
