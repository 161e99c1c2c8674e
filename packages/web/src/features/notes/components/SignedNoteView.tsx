import type { Encounter, Note, NoteDefinition, PracticePreferenceValues } from '@caseload/core';
import { Alert, Button, Card, Grid, Group, Stack, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Modal } from '../../../ui/Modal.tsx';
import type { PatientNoteContext } from '../hooks/usePatientNoteContext.ts';
import { useSignedNote } from '../hooks/useSignedNote.ts';
import { AmendDialog } from './AmendDialog.tsx';
import { CoSignDialog } from './CoSignDialog.tsx';
import { EncounterSummary, sessionText } from './EncounterSummary.tsx';
import { GoalsObjectivesElement } from './GoalsObjectivesElement.tsx';
import { hasGoalSection } from '../utils/care-plan-activities.ts';
import { NoteHeader } from './NoteHeader.tsx';
import { NoteSectionEditor } from './NoteSectionEditor.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { SignRefusal } from './SignPanel.tsx';
import { SignatureTrail } from './SignatureTrail.tsx';

export interface SignedNoteViewProps {
  note: Note;
  encounter: Encounter | undefined;
  definition: NoteDefinition | undefined;
  patient: PatientNoteContext;
  patientName: string;
  preferences: PracticePreferenceValues;
  labels: { session: string; location: string };
  timeZone: string;
  /** The signed-in practitioner's id (who may amend, co-sign). */
  me: string | undefined;
}

/**
 * A signed (or co-sign pending, amended, entered-in-error) note, read-only: its encounter,
 * sections, signatures and amendment trail. The author may amend it, and the author or whoever
 * may delete notes mark it entered in error (each with a reason); a listed supervisor who may
 * co-sign does; anyone may print it. None of these is offered to a profile that may not change notes.
 */
export function SignedNoteView({
  note,
  encounter,
  definition,
  patient,
  patientName,
  preferences,
  labels,
  timeZone,
  me,
}: SignedNoteViewProps) {
  const { actions, dialog, setDialog, coSign, canAmend, owesMe, canMarkError, previous, viewVersion, closeVersion } = useSignedNote(
    note,
    me,
  );

  const sections = (n: Note) =>
    n.sections.map((s) => (
      <NoteSectionEditor
        key={s.key}
        section={s}
        definition={definition?.sections.find((d) => d.key === s.key)}
        encounter={encounter ?? ({ participants: [] } as unknown as Encounter)}
        conditions={patient.conditions}
        choiceLists={preferences}
        partition={n.partition}
        readOnly
      />
    ));

  return (
    <Stack gap="md">
      <NoteHeader
        note={note}
        patientName={patientName}
        patientId={note.partition}
        aside={
          <Group gap="xs">
            {preferences.allowNotePrintout && (
              <Button
                component="a"
                href={actions.printoutHref}
                target="_blank"
                rel="noopener"
                variant="default"
                leftSection={<IconPrinter size={18} />}
                data-testid="print-note"
              >
                Print
              </Button>
            )}
            {owesMe && (
              <Button
                onClick={() => {
                  coSign.clearError();
                  setDialog('co-sign');
                }}
              >
                Co-sign…
              </Button>
            )}
            {canAmend && (
              <Button variant="light" onClick={() => setDialog('amend')}>
                Amend
              </Button>
            )}
            {canMarkError && (
              <Button variant="subtle" color="red" onClick={() => setDialog('error')}>
                Entered in error
              </Button>
            )}
          </Group>
        }
      />
      {note.status === 'EnteredInError' && (
        <Alert color="red" variant="light" title="Entered in error">
          This note was marked entered in error: {note.enteredInError?.reason}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder padding="md" component="section" aria-labelledby="encounter-title">
              <Title order={2} fz="md" mb="sm" id="encounter-title">
                {labels.session}
              </Title>
              {encounter ? <EncounterSummary encounter={encounter} timeZone={timeZone} labels={labels} /> : null}
            </Card>
            {sections(note)}
            {encounter?.carePlanActivities?.length && !hasGoalSection(definition) ? (
              <GoalsObjectivesElement label="Care-plan goals addressed" partition={note.partition} encounter={encounter} quietWithoutPlan />
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="md">
            <SignatureTrail note={note} timeZone={timeZone} onViewVersion={(v) => void viewVersion(v)} />
          </Card>
        </Grid.Col>
      </Grid>
      {dialog === 'amend' && <AmendDialog note={note} onClose={() => setDialog(undefined)} onAmend={actions.amend} />}
      <CoSignDialog
        note={dialog === 'co-sign' ? note : undefined}
        onClose={() => setDialog(undefined)}
        onCoSign={(hash) => void coSign.run(hash)}
        pending={coSign.pending}
        heading={`${note.title ?? 'Note'} · ${patientName}`}
        when={(encounter && sessionText(encounter, timeZone)) ?? 'not recorded'}
        error={<SignRefusal error={coSign.error} title="The note was not co-signed" />}
      />
      <ReasonDialog
        opened={dialog === 'error'}
        onClose={() => setDialog(undefined)}
        title="Mark entered in error"
        description={
          'The note stays in the chart, marked as entered in error, with your reason. ' +
          'Use this when it was written for the wrong patient or session.'
        }
        submitLabel="Mark entered in error"
        danger
        onSubmit={actions.enteredInError}
      />
      <Modal opened={!!previous} onClose={closeVersion} title="The version before the amendment" size="xl" closeOnEscape>
        {previous && <Stack gap="md">{sections(previous)}</Stack>}
      </Modal>
    </Stack>
  );
}
