import { Group, SegmentedControl, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSearch, IconSortAscending, IconSortDescending, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { IconButton } from '../../../ui/IconButton.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { useLabel } from '../../practice/index.ts';
import { STAFF_ROW_HEIGHT, useStaffDirectory } from '../hooks/useStaffDirectory.ts';
import { staffEmail, staffName, type StaffSort } from '../utils/staff-list.ts';
import { StaffAvatar } from './StaffAvatar.tsx';
import classes from './StaffDirectory.module.css';

/**
 * `/staff`: everyone on the practice's staff, searchable by name, credentials or e-mail and
 * sorted by Name or Email. The list is virtualised (only the rows in view are in the page), so a
 * large practice scrolls as smoothly as a small one; arrow keys move between rows, Enter opens.
 */
export function StaffDirectory() {
  const plural = useLabel('practitioner', 'plural');
  useDocumentTitle(`${plural} · Caseload`);
  const { items, loading, error, text, setText, sort, setSort, descending, toggleDescending, rows, scroller, virtual, onKeyDown } =
    useStaffDirectory();

  let list;
  if (items.length === 0 && loading) list = <LoadingIndicator fullScreen={false} label={`Loading ${plural.toLowerCase()}`} />;
  else if (items.length === 0 && error) list = <FormErrorAlert error={error} />;
  else if (items.length === 0)
    list = (
      <EmptyState
        icon={IconUsersGroup}
        title={`No ${plural.toLowerCase()} yet`}
        description="Staff appear here once an administrator invites them."
      />
    );
  else if (rows.length === 0)
    list = (
      <EmptyState
        icon={IconSearch}
        title="Nobody matches"
        description={`No one's name, credentials or e-mail has "${text.trim()}".`}
        headingOrder={2}
      />
    );
  else
    list = (
      // The list moves focus between its rows with the arrow keys (each row is focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
      <div
        ref={scroller}
        className={classes.scroller}
        onKeyDown={onKeyDown}
        role="list"
        aria-label={plural}
        aria-busy={loading}
        data-testid="staff-list"
      >
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((v) => {
            const p = rows[v.index]!;
            return (
              <div
                key={p.id}
                role="listitem"
                data-index={v.index}
                className={classes.row}
                style={{ height: STAFF_ROW_HEIGHT, transform: `translateY(${v.start}px)` }}
                data-testid="staff-row"
              >
                <UnstyledButton component={Link} to={`/staff/${p.id}`} className={classes.link}>
                  <Group gap="sm" wrap="nowrap">
                    <StaffAvatar practitioner={p} radius="xl" size={40} />
                    <div style={{ minWidth: 0 }}>
                      <Text fw={500} truncate data-testid="staff-name">
                        {staffName(p)}
                      </Text>
                      <Text fz="sm" c="dimmed" truncate>
                        {staffEmail(p) || 'No e-mail'}
                      </Text>
                    </div>
                  </Group>
                </UnstyledButton>
              </div>
            );
          })}
        </div>
      </div>
    );

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={24}>
          {plural}
        </Title>
        <Text c="dimmed">The practice's staff directory: open anyone to see their profile, licences and supervisors.</Text>
      </div>
      <Group align="flex-end" gap="sm">
        <TextInput
          type="search"
          label={`Search ${plural.toLowerCase()}`}
          placeholder="Name, credentials or e-mail"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          w={320}
        />
        <SegmentedControl aria-label="Sort by" value={sort} onChange={(v) => setSort(v as StaffSort)} data={['Name', 'Email']} />
        <IconButton
          label={descending ? 'Sorted descending: sort ascending' : 'Sorted ascending: sort descending'}
          onClick={toggleDescending}
          icon={descending ? IconSortDescending : IconSortAscending}
        />
      </Group>
      {error && items.length > 0 && <FormErrorAlert error={error} />}
      {list}
      {rows.length > 0 && (
        <Text fz="sm" c="dimmed" aria-live="polite">
          {rows.length === 1 ? '1 person' : `${rows.length} people`}
        </Text>
      )}
    </Stack>
  );
}
