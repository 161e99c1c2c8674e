import type {
  Encounter,
  Note,
  NoteAttestation,
  NoteDefinition,
  NoteTemplate,
  PracticePreferenceValues,
  Reference,
  RuleResult,
} from '@caseload/core';
import { useHotkeys } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { useHasFlag } from '../../practice/index.ts';
import { sectionsFrom, templatesFor } from '../utils/note-draft.ts';
import { signBlockedReason } from '../components/SignPanel.tsx';
import { useAuthorAttestation } from './useAuthorAttestation.ts';
import { useNoteActions, type NoteActions } from './useNoteActions.ts';
import { useNoteAuthor } from './useNoteAuthor.ts';
import { useNoteAutosave, type NoteAutosave } from './useNoteAutosave.ts';
import { useNoteCompleteness, type NoteCompleteness } from './useNoteCompleteness.ts';
import { usePatientCarePlans } from './usePatientCarePlans.ts';
import { useNoteRules, type NoteRuleResults } from './useNoteRules.ts';
import type { NoteSetup } from './useNoteSetup.ts';
import type { PatientNoteContext } from './usePatientNoteContext.ts';
import { usePatientSignature, type PatientSignatureState } from './usePatientSignature.ts';

export interface DraftNoteEditorInput {
  note: Note;
  encounter: Encounter;
  definition: NoteDefinition | undefined;
  patient: PatientNoteContext;
  patientName: string;
  setup: NoteSetup;
  preferences: PracticePreferenceValues;
  labels: { session: string; location: string; patient: string };
}

type Section = Note['sections'][number];

export interface DraftNoteEditorState {
  /** The note and encounter as edited, autosaved through the write queue. */
  draft: NoteAutosave;
  rules: NoteRuleResults;
  completeness: NoteCompleteness;
  attestation: NoteAttestation;
  actions: NoteActions;
  patientSignature: PatientSignatureState;
  me: Reference | undefined;
  /** The templates the author may apply to this note. */
  templates: NoteTemplate[];
  /** Bumped when a template rewrites sections: their forms and narratives remount on the new values. */
  revision: number;
  templateApplied: () => void;
  /** The sections shown: the note's, then any its definition gained since. */
  shown: Note['sections'];
  updateSection: (key: string) => (change: (s: Section) => Section) => void;
  /** What must be fixed before signing (the definition's requirements and blocking rules). */
  toFix: number;
  checking: boolean;
  /** The profile may sign notes. */
  signs: boolean;
  /** The attestation dialog is open. */
  attesting: boolean;
  setAttesting: (open: boolean) => void;
  /** Opens the attestation dialog, unless signing is blocked (also mod+Enter). */
  startSigning: () => void;
  /** The dialog's final button: stores the latest text, then signs. */
  sign: Submit<[]>;
  /** The warnings the server answered the signing with. */
  warnings: RuleResult[] | undefined;
}

/**
 * The unsigned note's editor state: autosaved draft, live checks, templates, and signing (the
 * attestation dialog, then the sign call with the patient's signature if captured).
 */
export function useDraftNoteEditor({
  note,
  encounter,
  definition,
  patient,
  patientName,
  setup,
  preferences,
  labels,
}: DraftNoteEditorInput): DraftNoteEditorState {
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
  const carePlans = usePatientCarePlans(note.partition);
  const activeCarePlans = carePlans.items.filter((p) => p.status === 'Active' && !p.meta?.isDeleted).length;
  const completeness = useNoteCompleteness(draft.note, draft.encounter, definition, preferences, activeCarePlans);
  const attestation = useAuthorAttestation(draft.note, draft.encounter);
  const actions = useNoteActions(note.id, note.partition);
  const patientRef = useMemo(() => ({ resourceType: 'Patient', id: note.partition, display: patientName }), [note.partition, patientName]);
  const patientSignature = usePatientSignature(draft.note, draft.encounter, patientRef, preferences);
  const me = useNoteAuthor();
  const [warnings, setWarnings] = useState<RuleResult[]>();
  const [revision, setRevision] = useState(0);
  const templates = templatesFor(
    setup.templates.filter((t) => t.active !== false),
    note.definition?.id,
    me?.id,
  );
  const [attesting, setAttesting] = useState(false);
  const sign = useSubmit(async () => {
    // A held save would leave the signed note without the clinician's latest text.
    if (draft.conflict) throw new Error('This note was changed on another device too: choose Keep mine or Use theirs before signing.');
    await draft.saveNow();
    const given = patientSignature.capture;
    const answer = await actions.sign(attestation.hash, given && { signer: given.signer, image: given.image });
    setWarnings(answer.warnings);
    setAttesting(false);
  });
  const toFix = completeness.issues.length + rules.blocking.length;
  const checking = completeness.loading || rules.loading;
  const blocked = !!signBlockedReason(toFix, checking);
  const { clearError } = sign;
  const signs = useHasFlag('clinical', 'SignNote');
  const startSigning = useCallback(() => {
    if (blocked || !signs) return;
    clearError();
    setAttesting(true);
  }, [blocked, clearError, signs]);
  useHotkeys([['mod+Enter', startSigning]], []);

  const shown = sectionsToShow(draft.note, definition);
  const updateSection = (key: string) => (change: (s: Section) => Section) =>
    draft.updateNote((n) => ({
      ...n,
      // Writing in a note that was not started starts it.
      completion: n.completion === 'NotStarted' ? 'InProgress' : n.completion,
      sections: n.sections.some((s) => s.key === key)
        ? n.sections.map((s) => (s.key === key ? change(s) : s))
        : [...n.sections, change(shown.find((s) => s.key === key)!)],
    }));
  const templateApplied = () => setRevision((r) => r + 1);

  return {
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
  };
}

/**
 * The note's sections, and after them any section of its definition the note lacks (the
 * definition gained it after the note was started): shown empty, stored once written in.
 */
function sectionsToShow(note: Note, definition: NoteDefinition | undefined): Note['sections'] {
  const missing = definition ? sectionsFrom(definition).filter((d) => !note.sections.some((s) => s.key === d.key)) : [];
  return missing.length ? [...note.sections, ...missing] : note.sections;
}

/** The rule messages' labels (Session, Location, Patient) in the shape the evaluator reads. */
function labelsOf(labels: { session: string; location: string; patient: string }) {
  return {
    session: { singular: labels.session, plural: labels.session },
    location: { singular: labels.location, plural: labels.location },
    patient: { singular: labels.patient, plural: labels.patient },
  };
}
