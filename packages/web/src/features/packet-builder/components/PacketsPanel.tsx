import type { Packet } from '@caseload/core';
import { Text } from '@mantine/core';
import type { ComponentProps } from 'react';
import { AdminListPanel } from '../../../ui/admin/AdminListPanel.tsx';
import { daysText } from '../utils/packet-draft.ts';
import { PacketForm } from './PacketForm.tsx';

type Words = Omit<ComponentProps<typeof AdminListPanel<Packet>>, 'form' | 'columns' | 'searchText' | 'dialogSize'>;

const AUDIENCE = { Adult: 'Adult', Minor: 'Minor (guardian)' } as const;

const cell = (text: string) => <Text fz="sm">{text}</Text>;

/**
 * `/administration/packets`: the practice's packets (name, for whom, how many parts, how long the
 * link lasts, when the reminder goes), each opened in the packet editor. Offered only to those
 * with Manage packets (admin-sections.ts); the server refuses the others' writes anyway.
 */
export function PacketsPanel(words: Words) {
  return (
    <AdminListPanel<Packet>
      {...words}
      form={PacketForm}
      dialogSize="xl"
      searchText={(p) => `${p.audience ?? ''} ${p.forms.map((f) => f.title).join(' ')}`}
      columns={[
        { header: 'For', cell: (p) => cell(AUDIENCE[p.audience ?? 'Adult']) },
        { header: 'Parts', cell: (p) => cell(String(p.forms?.length ?? 0)) },
        { header: 'Link expires after', cell: (p) => cell(daysText(p.expiresAfterDays, 'expiresAfterDays')) },
        { header: 'Reminder', cell: (p) => cell(`${daysText(p.remindDaysBefore, 'remindDaysBefore')} before due`) },
      ]}
    />
  );
}
