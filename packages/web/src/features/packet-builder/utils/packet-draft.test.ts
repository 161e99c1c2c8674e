import { packetIssues, type Packet, type PacketItem } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { daysText, draftIssues, draftOfPacket, movePart, newPart, packetFieldsOf, partKey, questionOptions } from './packet-draft.ts';

const phq9 = { resourceType: 'Questionnaire' as const, id: 'phq9', title: 'PHQ-9' };
const release = { resourceType: 'Form' as const, id: 'roi', title: 'Release of information' };

function draftWith(parts: PacketItem[], name = 'Intake') {
  return { ...draftOfPacket(undefined), name, parts };
}

describe('movePart', () => {
  it('moves one part to another place, clamped to the list, and leaves the input alone', () => {
    const list = ['a', 'b', 'c'];
    expect(movePart(list, 0, 2)).toEqual(['b', 'c', 'a']);
    expect(movePart(list, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(movePart(list, 1, 9)).toEqual(['a', 'c', 'b']);
    expect(movePart(list, 0, -1)).toEqual(['a', 'b', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('new parts', () => {
  it('keys a part from its title, unique in the packet', () => {
    const first = newPart(phq9, []);
    expect(first).toEqual({
      key: 'phq-9',
      kind: 'Questionnaire',
      title: 'PHQ-9',
      form: { resourceType: 'Questionnaire', id: 'phq9', display: 'PHQ-9' },
      required: true,
    });
    expect(partKey('PHQ-9', [first])).toBe('phq-9-2');
    expect(partKey('PHQ-9', [first, { ...first, key: 'phq-9-2' }])).toBe('phq-9-3');
    expect(partKey('  ', [])).toBe('part');
  });
});

describe('packetFieldsOf', () => {
  it('leaves blank days to the defaults and drops a consent from a part that is no consent', () => {
    const part = { ...newPart(release, []), kind: 'Questionnaire' as const, consent: { category: 'treatment' as const } };
    const fields = packetFieldsOf(draftWith([part]));
    expect(fields.expiresAfterDays).toBeUndefined();
    expect(fields.remindDaysBefore).toBeUndefined();
    expect(fields.forms![0]!.consent).toBeUndefined();
  });

  it("keeps a consent's chosen link ids only, and a stored part's fields the editor does not show", () => {
    const part = {
      ...newPart(release, []),
      kind: 'Consent' as const,
      consent: { category: 'release-of-information' as const, recipientLinkId: 'who', expiryLinkId: '' },
      extra: 'kept',
    } as PacketItem;
    const stored = { resourceType: 'Packet', id: 'p', name: 'Minor', audience: 'Minor', forms: [part], expiresAfterDays: 14 } as Packet;
    const fields = packetFieldsOf(draftOfPacket(stored));
    expect(fields).toMatchObject({ name: 'Minor', audience: 'Minor', expiresAfterDays: 14 });
    expect(fields.forms![0]).toMatchObject({ consent: { category: 'release-of-information', recipientLinkId: 'who' }, extra: 'kept' });
    expect(fields.forms![0]!.consent).not.toHaveProperty('expiryLinkId');
  });
});

describe('draftIssues', () => {
  it('finds exactly what the server refuses, in words that name the part', () => {
    const consent = { ...newPart(release, []), kind: 'Consent' as const };
    const untitled = { ...newPart(phq9, [consent]), title: ' ' };
    const chart = { ...newPart(phq9, [consent, untitled]), chartFields: [{ linkId: '', field: 'Patient.address' as const }] };
    const draft = { ...draftWith([consent, untitled, chart], ' '), expiresAfterDays: 0 };
    const issues = draftIssues(draft);
    expect([...issues.keys()]).toEqual(packetIssues(packetFieldsOf(draft)).map((i) => i.path));
    expect(Object.fromEntries(issues)).toEqual({
      name: 'Give the packet a name.',
      expiresAfterDays: 'The link must stay usable for a whole number of days, 1 or more.',
      'forms.0.consent.category': 'Part 1 (Release of information): choose what the consent is for.',
      'forms.1.title': 'Part 2: give it a title.',
      'forms.2.chartFields.0.linkId': 'Part 3 (PHQ-9), chart field 1: choose the question it is filled from.',
    });
  });

  it('asks for a part when there is none, and has nothing to say of a good packet', () => {
    expect(Object.fromEntries(draftIssues(draftWith([])))).toEqual({
      forms: 'Add at least one part: a packet needs something to fill in.',
    });
    expect(draftIssues(draftWith([newPart(phq9, [])])).size).toBe(0);
  });
});

describe('questionOptions', () => {
  it('lists the questions that take an answer, nested ones too, not text, headers or signatures', () => {
    const options = questionOptions([
      { linkId: 'words', type: 'TextBlock', text: 'Read this' },
      { linkId: 'who', type: 'String', text: 'Who may receive it' },
      { linkId: 'group', type: 'Header', text: 'Dates', items: [{ linkId: 'until', type: 'Date', text: 'Until' }] },
      { linkId: 'sign', type: 'Signature', text: 'Sign' },
    ]);
    expect(options).toEqual([
      { value: 'who', label: 'Who may receive it (who)' },
      { value: 'until', label: 'Until (until)' },
    ]);
  });
});

describe('daysText', () => {
  it('says a default as such', () => {
    expect(daysText(undefined, 'expiresAfterDays')).toBe('30 days (default)');
    expect(daysText(1, 'remindDaysBefore')).toBe('1 day');
  });
});
