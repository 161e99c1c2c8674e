import type { Packet } from '@caseload/core';
import { Alert, Button, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { AdminFormProps } from '../../../ui/admin/admin-form-props.ts';
import { FormActions } from '../../../ui/admin/FormActions.tsx';
import { useFormChoices } from '../hooks/useFormChoices.ts';
import { usePacketForm } from '../hooks/usePacketForm.ts';
import { PacketPartList } from './PacketPartList.tsx';

const days = (value: string | number): number | '' => (value === '' ? '' : Number(value));

/**
 * The packet editor: its name, whom it is for, how long a sent link lasts and when the reminder
 * goes, then its parts in order, each added from the practice's questionnaires and forms.
 */
export function PacketForm({ item, onSave, onCancel, readOnly }: AdminFormProps<Packet>) {
  const packet = usePacketForm(item, onSave);
  const forms = useFormChoices();
  const [adding, setAdding] = useState<string | null>(null);
  const { draft, set } = packet;
  const issue = (path: string) => (packet.showIssues ? packet.issues.get(path) : undefined);
  const add = () => {
    const choice = forms.choices.find((c) => c.id === adding);
    if (!choice) return;
    packet.addPart(choice);
    setAdding(null);
  };
  const count = packet.issues.size;

  return (
    <form onSubmit={packet.onSubmit} noValidate aria-label="Packet">
      <Stack gap="md">
        <TextInput
          label="Name"
          description="What staff pick when sending it, and the patient sees as its heading."
          required
          data-autofocus
          value={draft.name}
          disabled={readOnly}
          error={issue('name')}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="packet-audience">
              For
            </Text>
            <Text fz="xs" c="dimmed" mt={-4}>
              A minor&apos;s is filled in by a guardian.
            </Text>
            <SegmentedControl
              aria-labelledby="packet-audience"
              fullWidth
              data={[
                { value: 'Adult', label: 'An adult' },
                { value: 'Minor', label: 'A minor' },
              ]}
              value={draft.audience}
              disabled={readOnly}
              onChange={(v) => set('audience', v as 'Adult' | 'Minor')}
            />
          </Stack>
          <NumberInput
            label="Link expires after (days)"
            description="Blank: 30 days."
            min={1}
            allowDecimal={false}
            value={draft.expiresAfterDays}
            disabled={readOnly}
            error={issue('expiresAfterDays')}
            onChange={(v) => set('expiresAfterDays', days(v))}
          />
          <NumberInput
            label="Remind before due (days)"
            description="Blank: 2 days."
            min={0}
            allowDecimal={false}
            value={draft.remindDaysBefore}
            disabled={readOnly}
            error={issue('remindDaysBefore')}
            onChange={(v) => set('remindDaysBefore', days(v))}
          />
        </SimpleGrid>
        <div>
          <Title order={3} fz="md">
            Parts
          </Title>
          <Text fz="sm" c="dimmed">
            The patient fills them in this order: drag a part by its handle, or use its arrows, to reorder. A consent is signed; a document
            is read and acknowledged.
          </Text>
        </div>
        {draft.parts.length === 0 ? (
          <Text fz="sm" c="dimmed" ta="center" py="md" data-testid="no-parts">
            No parts yet: add the first one from the practice&apos;s forms below.
          </Text>
        ) : (
          <PacketPartList packet={packet} forms={forms} readOnly={readOnly} />
        )}
        {issue('forms') && (
          <Text c="red" fz="sm" role="alert">
            {issue('forms')}
          </Text>
        )}
        {!readOnly && (
          <Group align="flex-end" gap="xs">
            <Select
              label="Add a part"
              placeholder={forms.loading ? 'Loading forms…' : 'Choose a questionnaire or form'}
              searchable
              data={forms.choices.map((c) => ({ value: c.id, label: c.title }))}
              value={adding}
              onChange={setAdding}
              nothingFoundMessage="No form by that name"
              style={{ flex: 1 }}
            />
            <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={add} disabled={!adding}>
              Add part
            </Button>
          </Group>
        )}
        {packet.showIssues && count > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="Not saved yet">
            {count === 1 ? [...packet.issues.values()][0] : `${count} things to fix, each said beside its field.`}
          </Alert>
        )}
      </Stack>
      <FormActions pending={packet.submit.pending} error={packet.submit.error} onCancel={onCancel} canSubmit={!readOnly} />
    </form>
  );
}
