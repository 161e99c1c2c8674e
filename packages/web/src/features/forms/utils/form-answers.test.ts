import { GAD7, PHQ9, hashAnswers, type QuestionnaireItem } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { cleanAnswers, computeLogic, initialAnswers, logicSources, savableAnswers, signedAnswersHash } from './form-answers.ts';
import { FormLogicStore } from './form-logic-store.ts';

const items: QuestionnaireItem[] = [
  { linkId: 'smokes', type: 'Boolean', text: 'Smokes' },
  {
    linkId: 'packs',
    type: 'Integer',
    text: 'Packs a day',
    min: 0,
    max: 10,
    enableWhen: [{ question: 'smokes', operator: '=', answer: true }],
  },
  { linkId: 'years', type: 'Integer', text: 'Years' },
  { linkId: 'packYears', type: 'Decimal', calculation: { kind: 'Multiply', sources: ['packs', 'years'] } },
  { linkId: 'when', type: 'Date', text: 'When' },
  { linkId: 'note', type: 'String', text: 'Note', initial: 'none' },
];
const q = { items };

describe('cleanAnswers', () => {
  it('removes empty text, empty lists and objects of nothing, at every level', () => {
    expect(cleanAnswers({ a: '', b: [], c: {}, d: { x: '', y: 'k' }, e: [undefined, 'v'], f: 0, g: false, h: NaN })).toEqual({
      d: { y: 'k' },
      e: ['v'],
      f: 0,
      g: false,
    });
    // A table with no rows is still an answer.
    expect(cleanAnswers({ t: { generatedAt: '2024-01-01T00:00:00Z', rows: [] } })).toEqual({
      t: { generatedAt: '2024-01-01T00:00:00Z', rows: [] },
    });
  });
});

describe('computeLogic', () => {
  it('enables a question only while its condition holds, and calculates live from enabled answers', () => {
    expect(computeLogic(q, { packs: 2, years: 10 }).enabled.has('packs')).toBe(false);
    // A disabled question's answer does not count for calculations: years alone, not 2 × 10.
    expect(computeLogic(q, { packs: 2, years: 10 }).calculated).toEqual({ packYears: 10 });
    const on = computeLogic(q, { smokes: true, packs: 2, years: 10 });
    expect(on.enabled.has('packs')).toBe(true);
    expect(on.calculated).toEqual({ packYears: 20 });
  });

  it('knows which answers the logic reads', () => {
    expect([...logicSources(q)].sort()).toEqual(['packs', 'smokes', 'years']);
    expect(logicSources(PHQ9).size).toBe(9);
  });
});

describe('FormLogicStore', () => {
  it('tells listeners only when the enabled set changes', () => {
    const store = new FormLogicStore(q, {});
    let heard = 0;
    store.subscribe(() => heard++);
    store.update({ years: 3 });
    expect(heard).toBe(0);
    store.update({ smokes: true });
    expect(heard).toBe(1);
    expect(store.isEnabled('packs')).toBe(true);
  });
});

describe('savableAnswers', () => {
  it('holds back answers with a problem and drops disabled ones, keeping the rest', () => {
    expect(savableAnswers(q, { when: '2024-02-30', packs: 3, years: 4, note: 'ok' })).toEqual({ years: 4, note: 'ok', packYears: 4 });
    expect(savableAnswers(q, { smokes: true, packs: 99, years: 4 })).toEqual({ smokes: true, years: 4, packYears: 4 });
    expect(savableAnswers(q, { smokes: true, packs: 2, years: 4 })).toEqual({ smokes: true, packs: 2, years: 4, packYears: 8 });
  });

  it('never demands required answers while in progress', () => {
    expect(savableAnswers(GAD7, { 'gad7-1': '2' })).toEqual({ 'gad7-1': '2' });
  });
});

describe('signedAnswersHash', () => {
  it('is the hash of the answers as the server will store them (calculations applied, problems left out)', () => {
    const answers = { smokes: true, packs: 2, years: 4, when: 'bad' };
    expect(signedAnswersHash(q, answers)).toBe(hashAnswers({ smokes: true, packs: 2, years: 4, packYears: 8 }));
  });
});

describe('initialAnswers', () => {
  it('starts a response with each item’s initial value', () => {
    expect(initialAnswers(items)).toEqual({ note: 'none' });
  });
});
