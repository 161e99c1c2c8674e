import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconUserPlus,
  IconUsers,
  IconWifiOff,
} from '@tabler/icons-react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { IconButton } from '../../../ui/IconButton.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { useCan, useLabel } from '../../practice/index.ts';
import { usePatientSearch } from '../hooks/usePatientSearch.ts';
import { PATIENT_SORT_FIELDS, PATIENT_SORT_LABELS, type PatientSortField } from '../utils/patient-search.ts';
import { NewPatientDialog } from './NewPatientDialog.tsx';
import { PatientResults } from './PatientResults.tsx';

const SORT_OPTIONS = PATIENT_SORT_FIELDS.map((value) => ({ value, label: PATIENT_SORT_LABELS[value] }));

/**
 * The patient list (`/patients`): search by name, MRN or birth date as you type, sort, and a
 * virtualised list read page by page, limited by the server to the user's patient population;
 * "New patient" (for those who may create patients) registers one and opens the chart.
 */
export function PatientList() {
  const plural = useLabel('patient', 'plural');
  const singular = useLabel('patient', 'singular');
  const lower = plural.toLowerCase();
  useDocumentTitle(`${plural} · Caseload`);
  const search = usePatientSearch();
  const { results, sort } = search;
  const [creating, createDialog] = useDisclosure(false);
  const newLabel = `New ${singular.toLowerCase()}`;
  const canCreate = useCan('Create', 'Patient');
  const newButton = canCreate && (
    <Button leftSection={<IconUserPlus size={16} />} onClick={createDialog.open}>
      {newLabel}
    </Button>
  );

  let body;
  if (results.error) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title={`Couldn't load ${lower}`}>
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{results.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void results.refresh()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (results.items.length === 0 && results.loading) {
    body = <LoadingIndicator fullScreen={false} label={`Loading ${lower}`} />;
  } else if (results.items.length === 0 && !search.busy) {
    body = search.searched ? (
      <EmptyState
        icon={IconSearch}
        title={`No ${lower} found`}
        description={
          `No ${singular.toLowerCase()} you can see matches "${search.searched}". ` +
          `Try a name, an MRN or a birth date such as 03/07/1985.`
        }
      />
    ) : (
      <EmptyState
        icon={IconUsers}
        title={`No ${lower} yet`}
        description={`${plural} you care for will be listed here.`}
        action={newButton}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={24}>
          {plural}
        </Title>
        {newButton}
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={`Search ${lower}`}
          placeholder="Name, MRN or birth date (MM/DD/YYYY)"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search.text}
          onChange={(e) => search.setText(e.currentTarget.value)}
          style={{ flex: '1 1 280px' }}
          autoFocus
        />
        <Select
          label="Sort by"
          data={SORT_OPTIONS}
          value={sort.field}
          allowDeselect={false}
          onChange={(value) => value && search.setSort({ ...sort, field: value as PatientSortField })}
          w={170}
        />
        <IconButton
          icon={sort.order === 'asc' ? IconSortAscending : IconSortDescending}
          label={sort.order === 'asc' ? 'Ascending: switch to descending' : 'Descending: switch to ascending'}
          size="large"
          variant="default"
          onClick={() => search.setSort({ ...sort, order: sort.order === 'asc' ? 'desc' : 'asc' })}
        />
      </Group>
      {results.fromDevice && (
        <Alert color="orange" variant="light" icon={<IconWifiOff size={20} />} role="status">
          Offline: showing the {lower} saved on this device.
        </Alert>
      )}
      <div data-testid="patient-search-results" aria-busy={search.busy} data-query={search.searched}>
        {body ?? (
          <PatientResults
            patients={results.items}
            hasMore={results.hasMore}
            loadingMore={results.loadingMore}
            onLoadMore={() => void results.loadMore()}
            pluralLabel={lower}
            query={search.searched}
          />
        )}
      </div>
      <NewPatientDialog opened={creating} onClose={createDialog.close} />
    </Stack>
  );
}
