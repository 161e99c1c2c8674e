import type { Encounter, Note, NoteDefinition, PracticePreferenceValues } from '@caseload/core';
import { Alert, Button, Card, Grid, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDraftNoteEditor } from '../hooks/useDraftNoteEditor.ts';
import type { NoteSetup } from '../hooks/useNoteSetup.ts';
import type { PatientNoteContext } from '../hooks/usePatientNoteContext.ts';
import { ApplyTemplateMenu } from './ApplyTemplateMenu.tsx';
import { ConflictAlert } from './ConflictAlert.tsx';
import { EncounterFields } from './EncounterFields.tsx';
import { GoalsObjectivesElement } from './GoalsObjectivesElement.tsx';
import { hasGoalSection } from '../utils/care-plan-activities.ts';
import { NoteHeader } from './NoteHeader.tsx';
import { NoteSectionEditor } from './NoteSectionEditor.tsx';
import { NoteDictationButton } from '../../scribe-capture/index.ts';
import { PatientSignatureCard } from './PatientSignatureCard.tsx';
import { RulePanel } from './RulePanel.tsx';
import { SaveState } from './SaveState.tsx';
import { SharedSectionsBar } from './SharedSectionsBar.tsx';
import { SignNoteDialog } from './SignNoteDialog.tsx';
import { SignPanel, SignRefusal } from './SignPanel.tsx';

export interface DraftNoteEditorProps {
  note: Note;
  encounter: Encounter;
  definition: NoteDefinition | undefined;
  patient: PatientNoteContext;
  patientName: string;
  setup: NoteSetup;
  preferences: PracticePreferenceValues;
  labels: { session: string; location: string; patient: string };
  timeZone: string;
}

const COMPLETION = [
  { value: 'NotStarted', label: 'Not started' },
  { value: 'InProgress', label: 'In progress' },
  { value: 'Complete', label: 'Complete' },
];

/**
 * The editor of an unsigned note: encounter fields, sections, completion, the live checks panel
 * (what the definition requires and the practice's rules), Sign and Print. Sign stays disabled
 * while anything must be fixed; it opens the attestation dialog, whose final button signs. Every
 * change is autosaved through the write queue (useNoteAutosave).
 */
export function DraftNoteEditor({
  note,
  encounter,
  definition,
  patient,
  patientName,
  setup,
  preferences,
  labels,
  timeZone,
}: DraftNoteEditorProps) {
  const {
    draft,
    rules,
    completeness,
    attestation,
    actions,
    patientSignature,
    me,
    templates,
    revision,
    templateApplied,
    shown,
    updateSection,
    toFix,
    checking,
    signs,
    attesting,
    setAttesting,
    startSigning,
    sign,
    warnings,
  } = useDraftNoteEditor({ note, encounter, definition, patient, patientName, setup, preferences, labels });

  return (
    <Stack gap="md">
      <NoteHeader
        note={draft.note}
        patientName={patientName}
        patientId={note.partition}
        aside={
          <Stack gap={6} align="flex-end">
            <SaveState unsaved={draft.unsaved} failures={draft.failures} />
            <ApplyTemplateMenu templates={templates} updateNote={draft.updateNote} onApplied={templateApplied} />
            <SegmentedControl
              aria-label="Completion"
              data={COMPLETION}
              value={draft.note.completion}
              onChange={(v) => draft.updateNote((n) => ({ ...n, completion: v as Note['completion'] }))}
            />
          </Stack>
        }
      />
      {draft.conflict && <ConflictAlert conflict={draft.conflict} note={draft.note} onResolve={draft.resolveConflict} />}
      {!definition && setup.loading === false && (
        <Alert color="yellow" variant="light">
          This note's definition is not available; its sections are shown as they were written.
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder padding="md" component="section" aria-labelledby="encounter-title">
              <Title order={2} fz="md" mb="sm" id="encounter-title">
                {labels.session}
              </Title>
              <EncounterFields
                encounter={draft.encounter}
                onChange={draft.updateEncounter}
                definition={definition}
                setup={setup}
                patient={patient}
                preferences={preferences}
                labels={labels}
                timeZone={timeZone}
              />
            </Card>
            {shown.map((s) => (
              <NoteSectionEditor
                key={`${s.key}:${revision}`}
                section={s}
                definition={definition?.sections.find((d) => d.key === s.key)}
                onChange={updateSection(s.key)}
                encounter={draft.encounter}
                onEncounterChange={draft.updateEncounter}
                conditions={patient.conditions}
                choiceLists={preferences}
                partition={note.partition}
                fieldIds
                dictation={(fieldLabel, insert) => <NoteDictationButton note={note} fieldLabel={fieldLabel} onText={insert} />}
              />
            ))}
            {shown.length === 0 && <Text c="dimmed">This note has no sections.</Text>}
            {!hasGoalSection(definition) && (
              // Every note can carry the golden thread, even one whose definition has no goal section.
              <GoalsObjectivesElement
                label="Care-plan goals addressed"
                partition={note.partition}
                encounter={draft.encounter}
                onEncounterChange={draft.updateEncounter}
                quietWithoutPlan
              />
            )}
            <PatientSignatureCard state={patientSignature} patientLabel={labels.patient} />
            <SharedSectionsBar
              note={draft.note}
              me={me?.id}
              allowGroupNoteAdminEdit={preferences.allowGroupNoteAdminEdit}
              beforeApply={async () => {
                await draft.saveNow();
              }}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md" style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 16px)' }}>
            <RulePanel rules={rules} completeness={completeness} />
            <SignPanel
              onSign={signs ? startSigning : undefined}
              signing={sign.pending}
              error={attesting ? null : sign.error}
              warnings={warnings}
              toFix={toFix}
              checking={checking}
              printHref={preferences.allowNotePrintout ? actions.printoutHref : undefined}
            />
            <Group justify="center">
              <Button variant="subtle" size="xs" onClick={() => void draft.saveNow()} disabled={!draft.unsaved}>
                Save now
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
      <SignNoteDialog
        opened={attesting}
        onClose={() => setAttesting(false)}
        note={draft.note}
        encounter={draft.encounter}
        patientName={patientName}
        patientSigner={patientSignature.capture?.signer.display}
        attestation={attestation}
        labels={labels}
        timeZone={timeZone}
        onSign={() => void sign.run()}
        signing={sign.pending}
        error={<SignRefusal error={sign.error} />}
      />
    </Stack>
  );
}
