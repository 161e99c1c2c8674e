import type { Patient } from '@caseload/core';
import { Alert, Button, Stack, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconMessages, type Icon } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { PatientCarePlansTab } from '../../care-plan-thread/index.ts';
import { PatientAppointmentsTab, useShowsAppointments } from '../../appointments/index.ts';
import { PatientDocumentsTab } from '../../documents/index.ts';
import { PatientForms } from '../../forms/index.ts';
import { PatientPackets } from '../../packets/index.ts';
import { PatientNotesTab, notePath } from '../../notes/index.ts';
import { useCan, useLabel } from '../../practice/index.ts';
import { useChartEditors } from '../hooks/useChartEditors.ts';
import { useFailedEdit } from '../hooks/useFailedEdit.ts';
import { usePatientChart } from '../hooks/usePatientChart.ts';
import { usePatientFormDialog } from '../hooks/usePatientFormDialog.ts';
import { EDITOR_SUBJECT } from '../utils/chart-editors.ts';
import { patientName } from '../utils/patient-display.ts';
import { AddressesForm } from './AddressesForm.tsx';
import { CareTeamForm } from './CareTeamForm.tsx';
import { CareTeamTab } from './CareTeamTab.tsx';
import { ChartHeader } from './ChartHeader.tsx';
import { ContactPointsForm } from './ContactPointsForm.tsx';
import { ContactsTab } from './ContactsTab.tsx';
import { DemographicsForm } from './DemographicsForm.tsx';
import { DemographicsTab } from './DemographicsTab.tsx';
import { EpisodesTab } from './EpisodesTab.tsx';
import { FailedEditAlert } from './FailedEditAlert.tsx';
import { HistoryTab } from './HistoryTab.tsx';
import classes from './PatientChart.module.css';

export interface PatientChartProps {
  patientId: string;
}

/** Tabs later issues fill; until then each says so. */
const LATER: { value: string; label: string; icon: Icon; description: string }[] = [
  {
    value: 'messages',
    label: 'Messages',
    icon: IconMessages,
    description: 'Messages with the patient and their family will be here once messaging is built.',
  },
];

/**
 * The patient chart (`/patients/:patientId`): the header, then tabs for demographics, contacts,
 * care team, episodes and diagnoses, history, and the placeholders later issues fill. The patient
 * is opened (security token) while the chart is shown. Edits are saved through the write queue; a
 * refused one is shown above the tabs, with the typed values a click away.
 */
export function PatientChart({ patientId }: PatientChartProps) {
  const chart = usePatientChart(patientId);
  const { patient } = chart;
  const plural = useLabel('patient', 'plural');
  useDocumentTitle(`${patient ? patientName(patient) : plural} · Caseload`);
  const { editor, lastEditor, restored, open, close } = usePatientFormDialog();
  const { failures, dismiss } = useFailedEdit('Patients', patientId);
  const editable = useChartEditors();
  const appointments = useShowsAppointments();
  const documents = useCan('Read', 'DocumentReference');
  // `?tab=notes`: the note editor's way back lands on the Notes tab.
  const [params] = useSearchParams();
  // On a phone the tabs are one row that scrolls: the tab a link opened (?tab=notes) is brought into view.
  const tabList = useRef<HTMLDivElement>(null);
  const hasPatient = Boolean(patient);
  useEffect(() => {
    tabList.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [hasPatient]);

  if (!patient) {
    if (chart.loading) return <LoadingIndicator fullScreen={false} label="Loading the chart" />;
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="This chart can't be shown">
        {chart.error instanceof Error ? chart.error.message : 'The requested data was not found.'}
        <div>
          <Button component={Link} to="/patients" variant="default" size="xs" mt="sm">
            Back to {plural.toLowerCase()}
          </Button>
        </div>
      </Alert>
    );
  }

  const editing = restored ?? patient;
  return (
    <Stack gap="md">
      <ChartHeader patient={patient} episodes={chart.episodes.items} allergies={chart.allergies.items} />
      {failures && (
        <FailedEditAlert
          failures={failures}
          what={`${patientName(patient)}'s ${EDITOR_SUBJECT[lastEditor]}`}
          onEditAgain={
            editable[lastEditor]
              ? () => {
                  open(lastEditor, { ...(failures.latest.item as Patient), meta: patient.meta });
                  dismiss();
                }
              : undefined
          }
          onDismiss={dismiss}
        />
      )}
      <Tabs defaultValue={params.get('tab') ?? 'demographics'} keepMounted={false} classNames={{ list: classes.list, tab: classes.tab }}>
        <Tabs.List ref={tabList}>
          <Tabs.Tab value="demographics">Demographics</Tabs.Tab>
          <Tabs.Tab value="contacts">Contacts</Tabs.Tab>
          <Tabs.Tab value="care-team">Care team</Tabs.Tab>
          <Tabs.Tab value="episodes">Episodes and diagnoses</Tabs.Tab>
          <Tabs.Tab value="forms">Forms and assessments</Tabs.Tab>
          <Tabs.Tab value="notes">Notes</Tabs.Tab>
          <Tabs.Tab value="care-plans">Care plans</Tabs.Tab>
          {appointments && <Tabs.Tab value="appointments">Appointments</Tabs.Tab>}
          {documents && <Tabs.Tab value="documents">Documents</Tabs.Tab>}
          {LATER.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="demographics" pt="md">
          <DemographicsTab patient={patient} onEdit={editable.demographics ? (e) => open(e) : undefined} />
        </Tabs.Panel>
        <Tabs.Panel value="contacts" pt="md">
          <ContactsTab patient={patient} relatedPersons={chart.relatedPersons} onEdit={(e) => open(e)} editable={editable} />
        </Tabs.Panel>
        <Tabs.Panel value="care-team" pt="md">
          <CareTeamTab patient={patient} onEdit={editable.careTeam ? (e) => open(e) : undefined} />
        </Tabs.Panel>
        <Tabs.Panel value="episodes" pt="md">
          <EpisodesTab {...chart} patient={patient} />
        </Tabs.Panel>
        <Tabs.Panel value="forms" pt="md">
          <Stack gap="xl">
            <PatientPackets patientId={patientId} patientDisplay={patient.display} relatedPersons={chart.relatedPersons.items} />
            <PatientForms patientId={patientId} patientDisplay={patient.display} notePath={notePath} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="notes" pt="md">
          <PatientNotesTab patientId={patientId} />
        </Tabs.Panel>
        <Tabs.Panel value="care-plans" pt="md">
          <PatientCarePlansTab patientId={patientId} />
        </Tabs.Panel>
        {appointments && (
          <Tabs.Panel value="appointments" pt="md">
            <PatientAppointmentsTab patientId={patientId} />
          </Tabs.Panel>
        )}
        {documents && (
          <Tabs.Panel value="documents" pt="md">
            <PatientDocumentsTab patientId={patientId} />
          </Tabs.Panel>
        )}
        {LATER.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            <EmptyState icon={t.icon} title={t.label} description={t.description} />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="history" pt="md">
          <HistoryTab patientId={patientId} />
        </Tabs.Panel>
      </Tabs>
      {/* Mounted only while open: the care team's staff list is read only when wanted. */}
      {editor === 'demographics' && <DemographicsForm patient={editing} opened onClose={close} />}
      {editor === 'contacts' && <ContactPointsForm patient={editing} opened onClose={close} />}
      {editor === 'addresses' && <AddressesForm patient={editing} opened onClose={close} />}
      {editor === 'careTeam' && <CareTeamForm patient={editing} opened onClose={close} />}
    </Stack>
  );
}
