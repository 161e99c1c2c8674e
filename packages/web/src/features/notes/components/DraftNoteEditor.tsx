import type { Encounter, Note, NoteDefinition, PracticePreferenceValues, RuleResult } from '@caseload/core';
import { Alert, Button, Card, Grid, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { useSyncState, type FailedUpsert } from '../../../data/index.ts';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { useNoteActions } from '../hooks/useNoteActions.ts';
import { useNoteAuthor } from '../hooks/useNoteAuthor.ts';
import { useNoteAutosave } from '../hooks/useNoteAutosave.ts';
import { useNoteRules } from '../hooks/useNoteRules.ts';
import { usePatientSignature } from '../hooks/usePatientSignature.ts';
import type { NoteSetup } from '../hooks/useNoteSetup.ts';
import type { PatientNoteContext } from '../hooks/usePatientNoteContext.ts';
import { templatesFor } from '../utils/note-draft.ts';
import { ApplyTemplateMenu } from './ApplyTemplateMenu.tsx';
import { ConflictAlert } from './ConflictAlert.tsx';
import { EncounterFields } from './EncounterFields.tsx';
import { NoteHeader } from './NoteHeader.tsx';
import { NoteSectionEditor } from './NoteSectionEditor.tsx';
import { PatientSignatureCard } from './PatientSignatureCard.tsx';
import { RulePanel } from './RulePanel.tsx';
import { SharedSectionsBar } from './SharedSectionsBar.tsx';
import { SignPanel } from './SignPanel.tsx';

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

/** Where the draft is: typed but not stored yet, stored on this device and queued, or on the server. */
function SaveState({ unsaved, failures }: { unsaved: boolean; failures: readonly FailedUpsert[] }) {
  const sync = useSyncState();
  const text = unsaved ? 'Saving…' : sync.pendingCount > 0 ? (sync.online ? 'Saved on this device, sending…' : 'Saved on this device (offline)') : 'All changes saved';
  const failed = failures[0];
  return (
    <Stack gap={2} align="flex-end">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="note-save-state">{text}</Text>
      {failed && (
        <Text size="sm" c="red" role="alert" maw={360} ta="right" data-testid="note-save-failure">
          A change was not saved: {failed.detail ?? 'the server refused it'}
          {failed.status === 409 && ' Someone changed the same field at the same time; your text is kept under the sync status at the top (Copy my text, Restore my version).'}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The editor of an unsigned note: encounter fields, sections, completion, the live rule panel,
 * Sign and Print. Every change is autosaved through the write queue (useNoteAutosave).
 */
export function DraftNoteEditor({ note, encounter, definition, patient, patientName, setup, preferences, labels, timeZone }: DraftNoteEditorProps) {
  const draft = useNoteAutosave(note, encounter);
  const ruleLabels = useMemo(() => labelsOf(labels), [labels]);
  const rules = useNoteRules({
    note: draft.note,
    encounter: draft.encounter,
    preferences,
    labels: ruleLabels,
    birthDate: patient.patient?.birthDate,
    coverages: patient.coverages,
    services: setup.services,
  });
  const actions = useNoteActions(note.id, note.partition);
  const patientRef = useMemo(() => ({ resourceType: 'Patient', id: note.partition, display: patientName }), [note.partition, patientName]);
  const patientSignature = usePatientSignature(draft.note, draft.encounter, patientRef, preferences);
  const me = useNoteAuthor();
  const [warnings, setWarnings] = useState<RuleResult[]>();
  // Bumped when a template rewrites sections: their forms and narratives remount on the new values.
  const [revision, setRevision] = useState(0);
  const templates = templatesFor(setup.templates.filter((t) => t.active !== false), note.definition?.id, me?.id);
  const sign = useSubmit(async () => {
    // A held save would leave the signed note without the clinician's latest text.
    if (draft.conflict) throw new Error('This note was changed on another device too: choose Keep mine or Use theirs before signing.');
    await draft.saveNow();
    const given = patientSignature.capture;
    const answer = await actions.sign(given && { signer: given.signer, image: given.image });
    setWarnings(answer.warnings);
  });
  const signNow = useCallback(() => void sign.run(), [sign]);
  useHotkeys([['mod+Enter', signNow]], []);

  const updateSection = (key: string) => (change: (s: Note['sections'][number]) => Note['sections'][number]) =>
    draft.updateNote((n) => ({
      ...n,
      // Writing in a note that was not started starts it.
      completion: n.completion === 'NotStarted' ? 'InProgress' : n.completion,
      sections: n.sections.map((s) => (s.key === key ? change(s) : s)),
    }));

  return (
    <Stack gap="md">
      <NoteHeader
        note={draft.note}
        patientName={patientName}
        patientId={note.partition}
        aside={
          <Stack gap={6} align="flex-end">
            <SaveState unsaved={draft.unsaved} failures={draft.failures} />
            <ApplyTemplateMenu templates={templates} updateNote={draft.updateNote} onApplied={() => setRevision((r) => r + 1)} />
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
        <Alert color="yellow" variant="light">This note's definition is not available; its sections are shown as they were written.</Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder padding="md" component="section" aria-labelledby="encounter-title">
              <Title order={2} fz="md" mb="sm" id="encounter-title">{labels.session}</Title>
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
            {draft.note.sections.map((s) => (
              <NoteSectionEditor
                key={`${s.key}:${revision}`}
                section={s}
                definition={definition?.sections.find((d) => d.key === s.key)}
                onChange={updateSection(s.key)}
                encounter={draft.encounter}
                conditions={patient.conditions}
                choiceLists={preferences}
                partition={note.partition}
              />
            ))}
            {draft.note.sections.length === 0 && <Text c="dimmed">This note has no sections.</Text>}
            <PatientSignatureCard state={patientSignature} patientLabel={labels.patient} />
            <SharedSectionsBar note={draft.note} me={me?.id} allowGroupNoteAdminEdit={preferences.allowGroupNoteAdminEdit} beforeApply={async () => { await draft.saveNow(); }} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md" style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 16px)' }}>
            <RulePanel rules={rules} />
            <SignPanel
              onSign={signNow}
              signing={sign.pending}
              error={sign.error}
              warnings={warnings}
              blockingCount={rules.blocking.length}
              printHref={preferences.allowNotePrintout ? actions.printoutHref : undefined}
            />
            <Group justify="center">
              <Button variant="subtle" size="xs" onClick={() => void draft.saveNow()} disabled={!draft.unsaved}>Save now</Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The rule messages' labels (Session, Location, Patient) in the shape the evaluator reads. */
function labelsOf(labels: { session: string; location: string; patient: string }) {
  return {
    session: { singular: labels.session, plural: labels.session },
    location: { singular: labels.location, plural: labels.location },
    patient: { singular: labels.patient, plural: labels.patient },
  };
}
