import {
  CONSENT_CATEGORIES,
  PACKET_CONSENT_CATEGORIES,
  PACKET_ITEM_KINDS,
  type PacketConsentCategory,
  type PacketItem,
  type PacketItemKind,
} from '@caseload/core';
import { ActionIcon, Badge, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import type { HTMLAttributes } from 'react';
import type { PacketForm } from '../hooks/usePacketForm.ts';
import type { PacketFormChoices } from '../hooks/useFormChoices.ts';
import { questionOptions } from '../utils/packet-draft.ts';
import { PacketChartFields } from './PacketChartFields.tsx';

const KIND_LABELS: Record<PacketItemKind, string> = {
  Questionnaire: 'Questionnaire',
  Consent: 'Consent (signed)',
  Document: 'Document to read',
};
const CATEGORY_OPTIONS = PACKET_CONSENT_CATEGORIES.map((code) => ({
  value: code,
  label: CONSENT_CATEGORIES.concepts.find((c) => c.code === code)?.display ?? code,
}));

export interface PacketPartCardProps {
  part: PacketItem;
  index: number;
  count: number;
  packet: PacketForm;
  forms: PacketFormChoices;
  readOnly?: boolean;
  /** The drag handle's ref and dnd-kit's attributes and listeners (keyboard and pointer). */
  handle: { ref: (element: HTMLElement | null) => void; props: HTMLAttributes<HTMLElement> };
}

/** One part of a packet: its handle and moves, what it is, the form it is filled in with, and a consent's or chart's links. */
export function PacketPartCard({ part, index, count, packet, forms, readOnly, handle }: PacketPartCardProps) {
  const at = `forms.${index}`;
  const issue = (field: string) => (packet.showIssues ? packet.issues.get(`${at}.${field}`) : undefined);
  const update = (change: Partial<PacketItem>) => packet.updatePart(part.key, change);
  const title = part.title.trim() || `part ${index + 1}`;
  const questions = questionOptions(forms.definition(part.form?.id)?.items);
  const formOptions = forms.choices.map((c) => ({ value: c.id, label: c.title }));
  if (part.form?.id && !formOptions.some((o) => o.value === part.form.id)) {
    formOptions.push({ value: part.form.id, label: part.form.display ?? part.form.id });
  }

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {!readOnly && (
              <ActionIcon
                ref={handle.ref}
                {...handle.props}
                variant="subtle"
                color="gray"
                aria-label={`Drag to reorder ${title}`}
                data-testid="part-handle"
                style={{ cursor: 'grab', touchAction: 'none' }}
              >
                <IconGripVertical size={18} aria-hidden />
              </ActionIcon>
            )}
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              Part {index + 1}
            </Badge>
            <Text fw={600} truncate data-testid="part-title">
              {part.title || 'Untitled part'}
            </Text>
          </Group>
          {!readOnly && (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${title} up`}
                disabled={index === 0}
                onClick={() => packet.movePart(part.key, index - 1)}
              >
                <IconArrowUp size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${title} down`}
                disabled={index === count - 1}
                onClick={() => packet.movePart(part.key, index + 1)}
              >
                <IconArrowDown size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${title}`} onClick={() => packet.removePart(part.key)}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label="Title"
            required
            value={part.title}
            disabled={readOnly}
            error={issue('title')}
            onChange={(e) => update({ title: e.currentTarget.value })}
          />
          <Select
            label="Kind"
            data={PACKET_ITEM_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            value={part.kind}
            allowDeselect={false}
            disabled={readOnly}
            error={issue('kind')}
            onChange={(kind) => kind && update({ kind: kind as PacketItemKind })}
          />
          <Select
            label="Filled in with"
            required
            searchable
            data={formOptions}
            value={part.form?.id ?? null}
            allowDeselect={false}
            disabled={readOnly}
            error={issue('form')}
            onChange={(id) => {
              const choice = forms.choices.find((c) => c.id === id);
              if (choice) update({ form: { resourceType: choice.resourceType, id: choice.id, display: choice.title } });
            }}
          />
        </SimpleGrid>
        {part.kind === 'Consent' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
            <Select
              label="Consent to"
              required
              data={CATEGORY_OPTIONS}
              value={part.consent?.category ?? null}
              disabled={readOnly}
              error={issue('consent.category')}
              onChange={(category) => update({ consent: { ...part.consent, category: (category ?? undefined) as PacketConsentCategory } })}
            />
            <Select
              label="Recipient named in"
              data={questions}
              value={part.consent?.recipientLinkId ?? null}
              clearable
              disabled={readOnly || !part.consent}
              onChange={(linkId) => update({ consent: { ...part.consent!, recipientLinkId: linkId ?? undefined } })}
            />
            <Select
              label="End date given in"
              data={questions}
              value={part.consent?.expiryLinkId ?? null}
              clearable
              disabled={readOnly || !part.consent}
              onChange={(linkId) => update({ consent: { ...part.consent!, expiryLinkId: linkId ?? undefined } })}
            />
          </SimpleGrid>
        )}
        <Checkbox
          label="Required before sending"
          checked={part.required}
          disabled={readOnly}
          onChange={(e) => update({ required: e.currentTarget.checked })}
        />
        <PacketChartFields
          links={part.chartFields ?? []}
          questions={questions}
          issue={(j, field) => issue(`chartFields.${j}.${field}`)}
          readOnly={readOnly}
          title={title}
          onChange={(chartFields) => update({ chartFields })}
        />
      </Stack>
    </Paper>
  );
}
