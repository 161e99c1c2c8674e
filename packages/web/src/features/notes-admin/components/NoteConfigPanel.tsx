import {
  NOTE_DEFINITION_KIND_LABELS,
  noteKindLabel,
  type NoteDefinition,
  type NoteRule,
  type NoteTemplate,
  type SignatureConfiguration,
} from '@caseload/core';
import { Badge, Group, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { AdminListPanel, type ResourceActions } from '../../../ui/admin/AdminListPanel.tsx';
import { relabel, usePracticeLabels } from '../../practice/index.ts';
import { CO_SIGNATURE_CHOICES } from '../utils/signature-form.ts';
import { PUBLISHING } from '../utils/publishing.ts';
import { ruleKindInfo } from '../utils/rule-kinds.ts';
import { NoteDefinitionForm } from './NoteDefinitionForm.tsx';
import { NoteRuleForm } from './NoteRuleForm.tsx';
import { NoteTemplateForm } from './NoteTemplateForm.tsx';
import { SignatureConfigurationForm } from './SignatureConfigurationForm.tsx';

/** The note configuration sections of the administration area (their ids in admin-sections.ts). */
export type NoteConfigSectionId = 'note-definitions' | 'note-templates' | 'note-rules' | 'signature-configurations';

export interface NoteConfigPanelProps {
  id: NoteConfigSectionId;
  /** The section's words, already in the practice's labels, and what the user may do in it. */
  words: {
    noun: { singular: string; plural: string };
    description: string;
    resourceType: string;
    collection: string;
    icon: Icon;
    actions: ResourceActions;
  };
}

const text = (value: string | undefined) =>
  value ? (
    <Text fz="sm">{value}</Text>
  ) : (
    <Text fz="sm" c="dimmed">
      —
    </Text>
  );
const names = (refs: { display?: string }[] | undefined, none: string) =>
  text(
    (refs ?? [])
      .map((r) => r.display)
      .filter(Boolean)
      .join(', ') || none,
  );
/** Definitions, rules and signature configurations: published and retired, edited in a wider dialog. */
const published = { lifecycle: PUBLISHING, dialogSize: 'xl' } as const;

/**
 * One note configuration section: note definitions, templates, rules or signature configurations.
 * Definitions, rules and signature configurations are published (Draft, Active, Retired);
 * templates, which only prefill, are deactivated like the rest of the set-up.
 */
export function NoteConfigPanel({ id, words }: NoteConfigPanelProps) {
  const labels = usePracticeLabels();
  switch (id) {
    case 'note-definitions':
      return (
        <AdminListPanel<NoteDefinition>
          {...words}
          {...published}
          form={NoteDefinitionForm}
          searchText={(d) =>
            `${NOTE_DEFINITION_KIND_LABELS[d.kind]} ${d.noteKind ? noteKindLabel(d.noteKind) : ''} ` +
            (d.programs ?? []).map((p) => p.display).join(' ')
          }
          columns={[
            { header: 'Kind', cell: (d) => text(NOTE_DEFINITION_KIND_LABELS[d.kind] ?? d.kind) },
            { header: 'Sections', cell: (d) => text(String(d.sections?.length ?? 0)) },
            { header: 'Programs', cell: (d) => names(d.programs, 'Any') },
          ]}
        />
      );
    case 'note-templates':
      return (
        <AdminListPanel<NoteTemplate>
          {...words}
          form={NoteTemplateForm}
          searchText={(t) => t.definition?.display ?? ''}
          columns={[{ header: 'Note definition', cell: (t) => text(t.definition?.display) }]}
        />
      );
    case 'note-rules':
      return (
        <AdminListPanel<NoteRule>
          {...words}
          {...published}
          form={NoteRuleForm}
          searchText={(r) => `${r.kind} ${ruleKindInfo(r.kind).label}`}
          columns={[
            { header: 'Kind', cell: (r) => text(relabel(ruleKindInfo(r.kind).label, labels)) },
            {
              header: 'When broken',
              cell: (r) => (
                <Badge size="sm" variant="light" color={r.severity === 'block' ? 'red' : 'yellow'}>
                  {r.severity === 'block' ? 'Blocks signing' : 'Warns'}
                </Badge>
              ),
            },
          ]}
        />
      );
    case 'signature-configurations':
      return (
        <AdminListPanel<SignatureConfiguration>
          {...words}
          {...published}
          form={SignatureConfigurationForm}
          searchText={(c) => `${c.supervisorCoSignature} ${c.patientSignature}`}
          columns={[
            { header: 'Co-signature', cell: (c) => text(CO_SIGNATURE_CHOICES.find((x) => x.value === c.supervisorCoSignature)?.label) },
            {
              header: relabel('Patient signature', labels),
              cell: (c) => (
                <Group gap={4}>
                  <Text fz="sm">
                    {c.patientSignature === 'None'
                      ? 'No'
                      : relabel(c.patientSignature === 'Patient' ? 'Patient' : 'Patient or related person', labels)}
                  </Text>
                </Group>
              ),
            },
          ]}
        />
      );
  }
}
