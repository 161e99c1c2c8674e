import type { Encounter, Note, NoteDefinition, PracticePreferenceValues } from '@caseload/core';
import { Alert, Button, Card, Grid, Group, Stack, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useDataLayer } from '../../../data/index.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { useNoteActions } from '../hooks/useNoteActions.ts';
import type { PatientNoteContext } from '../hooks/usePatientNoteContext.ts';
import { AmendDialog } from './AmendDialog.tsx';
import { EncounterSummary } from './EncounterSummary.tsx';
import { NoteHeader } from './NoteHeader.tsx';
import { NoteSectionEditor } from './NoteSectionEditor.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
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
 * sections, signatures and amendment trail. The author may amend it or mark it entered in error
 * (each with a reason); a listed supervisor may co-sign; anyone may print it.
 */
export function SignedNoteView({ note, encounter, definition, patient, patientName, preferences, labels, timeZone, me }: SignedNoteViewProps) {
  const actions = useNoteActions(note.id, note.partition);
  const layer = useDataLayer();
  const [dialog, setDialog] = useState<'amend' | 'error'>();
  const [previous, setPrevious] = useState<Note>();
  const coSign = useSubmit(() => actions.coSign());
  const isAuthor = !!me && note.author?.id === me;
  const canAmend = isAuthor && (note.status === 'Final' || note.status === 'Amended');
  const owesMe = note.pendingSignatures?.some((p) => p.signers.some((s) => s.id === me));
  const viewVersion = async (versionId: string) => setPrevious(await layer.readVersion<Note>('Notes', note.id, versionId));

  const sections = (n: Note) => n.sections.map((s) => (
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
              <Button component="a" href={actions.printoutHref} target="_blank" rel="noopener" variant="default" leftSection={<IconPrinter size={18} />} data-testid="print-note">Print</Button>
            )}
            {owesMe && <Button onClick={() => void coSign.run()} loading={coSign.pending}>Co-sign</Button>}
            {canAmend && <Button variant="light" onClick={() => setDialog('amend')}>Amend</Button>}
            {isAuthor && note.status !== 'EnteredInError' && <Button variant="subtle" color="red" onClick={() => setDialog('error')}>Entered in error</Button>}
          </Group>
        }
      />
      {note.status === 'EnteredInError' && <Alert color="red" variant="light" title="Entered in error">This note was marked entered in error: {note.enteredInError?.reason}</Alert>}
      {!!coSign.error && <Alert color="red" variant="light" role="alert">{coSign.error instanceof Error ? coSign.error.message : String(coSign.error)}</Alert>}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder padding="md" component="section" aria-labelledby="encounter-title">
              <Title order={2} fz="md" mb="sm" id="encounter-title">{labels.session}</Title>
              {encounter ? <EncounterSummary encounter={encounter} timeZone={timeZone} labels={labels} /> : null}
            </Card>
            {sections(note)}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="md">
            <SignatureTrail note={note} timeZone={timeZone} onViewVersion={(v) => void viewVersion(v)} />
          </Card>
        </Grid.Col>
      </Grid>
      {dialog === 'amend' && <AmendDialog note={note} onClose={() => setDialog(undefined)} onAmend={actions.amend} />}
      <ReasonDialog
        opened={dialog === 'error'}
        onClose={() => setDialog(undefined)}
        title="Mark entered in error"
        description="The note stays in the chart, marked as entered in error, with your reason. Use this when it was written for the wrong patient or session."
        submitLabel="Mark entered in error"
        danger
        onSubmit={actions.enteredInError}
      />
      <Modal opened={!!previous} onClose={() => setPrevious(undefined)} title="The version before the amendment" size="xl" closeOnEscape>
        {previous && <Stack gap="md">{sections(previous)}</Stack>}
      </Modal>
    </Stack>
  );
}
