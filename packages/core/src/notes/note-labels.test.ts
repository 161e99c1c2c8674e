import { describe, expect, it } from 'vitest';
import { NoteDefinitionKinds, NoteKinds, NoteSigningStatuses } from '../enums.ts';
import {
  NOTE_DEFINITION_KIND_LABELS,
  NOTE_KIND_LABELS,
  NOTE_STATUS_LABELS,
  NOTE_STATUS_OPTIONS,
  noteDisplayStatus,
  noteKindLabel,
  noteKindOptions,
} from './note-labels.ts';

describe('note labels', () => {
  it('name every kind and status in words, never the type name', () => {
    for (const k of NoteKinds) expect(NOTE_KIND_LABELS[k]).toMatch(/^[A-Z][a-z-]*( [a-z-]+)*$/);
    for (const k of NoteDefinitionKinds) expect(NOTE_DEFINITION_KIND_LABELS[k]).not.toMatch(/[a-z][A-Z]/);
    for (const s of NoteSigningStatuses) expect(NOTE_STATUS_LABELS[s]).not.toMatch(/[a-z][A-Z]/);
    expect(noteKindLabel('MultiServiceNote')).toBe('Multi-service note');
    expect(noteKindLabel('DocumentationNote')).toBe('Documentation note');
    expect(noteKindLabel('Note')).toBe('Progress note');
    expect(noteKindLabel('SomethingNewer')).toBe('SomethingNewer');
  });

  it('tell a note awaiting its co-signature from an unsigned one', () => {
    expect(noteDisplayStatus({ status: 'Preliminary' })).toBe('Preliminary');
    expect(noteDisplayStatus({ status: 'Preliminary', pendingSignatures: [] })).toBe('Preliminary');
    expect(noteDisplayStatus({ status: 'Preliminary', pendingSignatures: [{ role: 'CoSigner', signers: [], reason: '' }] })).toBe(
      'AwaitingCoSignature',
    );
    expect(noteDisplayStatus({ status: 'Final' })).toBe('Final');
    expect(NOTE_STATUS_LABELS[noteDisplayStatus({ status: 'Preliminary' })]).toBe('Unsigned');
  });

  it('offer picker choices in order', () => {
    expect(noteKindOptions(['GroupNote', 'Note'])).toEqual([
      { value: 'GroupNote', label: 'Group note' },
      { value: 'Note', label: 'Progress note' },
    ]);
    expect(noteKindOptions().map((o) => o.value)).toEqual([...NoteKinds]);
    expect(NOTE_STATUS_OPTIONS.map((o) => o.value)).toEqual(['Preliminary', 'AwaitingCoSignature', 'Final', 'Amended', 'EnteredInError']);
  });
});
