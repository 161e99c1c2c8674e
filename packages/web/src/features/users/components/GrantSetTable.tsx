import { Badge, Group, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import type { PracticeUser } from '../api/users.api.ts';
import { grantSetHolders } from '../utils/grant-set-holders.ts';

export interface GrantSetTableProps {
  users: readonly PracticeUser[];
  nameOf: (user: PracticeUser) => string;
}

/**
 * Who holds which grant set: every grant set of the catalogue with the users whose roles hold it
 * in full, filtered by the grant set's name ("Sign notes") or a holder's name or e-mail.
 */
export function GrantSetTable({ users, nameOf }: GrantSetTableProps) {
  const [text, setText] = useState('');
  const [includeInactive, setIncludeInactive] = useState(false);
  const [heldOnly, setHeldOnly] = useState(false);
  const rows = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return grantSetHolders(users, { includeInactive }).filter(
      (r) =>
        (!heldOnly || r.holders.length > 0) &&
        (!needle ||
          r.name.toLowerCase().includes(needle) ||
          r.holders.some((u) => nameOf(u).toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle))),
    );
  }, [users, includeInactive, heldOnly, text, nameOf]);

  return (
    <>
      <Group align="flex-end" gap="md" mb="sm">
        <TextInput
          type="search"
          label="Find a grant set or a person"
          placeholder="Sign notes"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          w={320}
        />
        <Switch label="Only grant sets someone holds" checked={heldOnly} onChange={(e) => setHeldOnly(e.currentTarget.checked)} />
        <Switch label="Count deactivated users" checked={includeInactive} onChange={(e) => setIncludeInactive(e.currentTarget.checked)} />
      </Group>
      {rows.length === 0 ? (
        <EmptyState icon={IconSearch} title="No grant set matches" description={`Nothing matches "${text.trim()}".`} headingOrder={3} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label="Grant sets and who holds them" data-testid="grant-set-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="32%">Grant set</Table.Th>
                <Table.Th>Held by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.name} data-testid="grant-set-row" data-grant-set={r.name}>
                  <Table.Th scope="row" fw={500}>
                    {r.name}
                    <Text fz="xs" c="dimmed" fw={400}>
                      {r.area}: {r.description}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    {r.holders.length === 0 ? (
                      <Text fz="sm" c="dimmed">
                        Nobody
                      </Text>
                    ) : (
                      <Group gap={4} role="list" aria-label={`Holders of ${r.name}`}>
                        {r.holders.map((u) => (
                          <Badge
                            key={`${u.accountId}|${u.profile}`}
                            variant="light"
                            tt="none"
                            role="listitem"
                            data-testid="grant-set-holder"
                          >
                            {nameOf(u)}
                          </Badge>
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
