import { Group } from '@mantine/core';
import { useCurrentPractice } from '../../practice/index.ts';
import { SyncStateIndicator } from '../../sync/index.ts';
import { useProfileName } from '../hooks/useProfileName.ts';
import { UserMenu } from './UserMenu.tsx';

export interface HeaderAccountProps {
  compact?: boolean;
}

function NamedUserMenu({ compact }: HeaderAccountProps) {
  return <UserMenu name={useProfileName()} compact={compact} />;
}

/** The header's right-hand side: the data layer's sync state and the user menu. */
export function HeaderAccount({ compact = false }: HeaderAccountProps) {
  const { current } = useCurrentPractice();
  return (
    <Group gap={compact ? 4 : 'sm'} wrap="nowrap">
      <SyncStateIndicator compact={compact} />
      {current?.profile ? <NamedUserMenu compact={compact} /> : <UserMenu name={undefined} compact={compact} />}
    </Group>
  );
}
