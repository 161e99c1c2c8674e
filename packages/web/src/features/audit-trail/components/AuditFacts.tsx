import { Button, Code, CopyButton, Group, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { IconButton } from '../../../ui/IconButton.tsx';

export interface FactProps {
  label: string;
  children: ReactNode;
}

/** One labelled fact of the event, in the drawer's description list. */
export function Fact({ label, children }: FactProps) {
  return (
    <div>
      <Text component="dt" fz="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

export interface CopyableIdProps {
  value: string;
  /** What the id is, in the copy button's name: "request id". */
  label: string;
}

/** An id in full, with a button that copies it (to search logs by request id, say). */
export function CopyableId({ value, label }: CopyableIdProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <Code>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <IconButton icon={copied ? IconCheck : IconCopy} label={copied ? 'Copied' : `Copy the ${label}`} onClick={copy} />
        )}
      </CopyButton>
    </Group>
  );
}

export interface FilterButtonProps {
  children: ReactNode;
  onClick: () => void;
}

/** Narrows the trail by one of the event's facts (its user, account or patient). */
export function FilterButton({ children, onClick }: FilterButtonProps) {
  return (
    <Button variant="subtle" size="compact-xs" leftSection={<IconFilter size={14} aria-hidden />} onClick={onClick}>
      {children}
    </Button>
  );
}
