import { DisplayVariants, PHQ9, QuestionTypes, VARIANT_TYPES, type QuestionnaireItem } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { QUESTION_WIDGETS_FOR_TEST } from './question-widgets.fixtures.ts';
import { effectiveVariant, holdsAnswer, isComputed, widgetOf } from './question-widgets.ts';

describe('widgetOf', () => {
  it('gives every question type a widget; only the reference types and the two number types share one', () => {
    for (const type of QuestionTypes) expect(widgetOf({ type }), type).toBeTruthy();
    const shared = QuestionTypes.filter((type) =>
      QuestionTypes.some((other) => other !== type && widgetOf({ type: other }) === widgetOf({ type })),
    );
    expect(shared.sort()).toEqual([
      'Decimal',
      'DocumentReference',
      'HealthcareService',
      'InsuranceCompany',
      'Integer',
      'Location',
      'Patient',
      'Practitioner',
      'RelatedPerson',
    ]);
  });

  it('honours every display variant on each type it fits', () => {
    for (const variant of DisplayVariants) {
      for (const type of VARIANT_TYPES[variant]) {
        expect(widgetOf({ type, variant }), `${variant} on ${type}`).toBe(QUESTION_WIDGETS_FOR_TEST[`${variant}/${type}`]);
      }
    }
  });

  it('ignores a variant that does not fit the type (a draft not yet cleaned)', () => {
    expect(effectiveVariant({ type: 'Boolean', variant: 'Stars' })).toBeUndefined();
    expect(widgetOf({ type: 'Boolean', variant: 'Stars' })).toBe('checkbox');
    expect(widgetOf({ type: 'Integer', variant: 'Thumbs' })).toBe('number');
  });

  it('shows a repeating Choice as checkboxes, or a multi-select as a Dropdown', () => {
    expect(widgetOf({ type: 'Choice', repeats: true })).toBe('checkbox-group');
    expect(widgetOf({ type: 'Choice', repeats: true, variant: 'Dropdown' })).toBe('multi-select');
    expect(widgetOf({ type: 'Choice', variant: 'ToggleButton' })).toBe('segmented');
  });
});

describe('holdsAnswer and isComputed', () => {
  const item = (over: Partial<QuestionnaireItem>): QuestionnaireItem => ({ linkId: 'x', type: 'String', ...over });
  it('keeps headings, text blocks, callouts and signatures out of the answers', () => {
    expect(holdsAnswer(item({ type: 'Header' }))).toBe(false);
    expect(holdsAnswer(item({ type: 'TextBlock', variant: 'WarningCallout' }))).toBe(false);
    expect(holdsAnswer(item({ type: 'Signature' }))).toBe(false);
    expect(holdsAnswer(item({ type: 'Integer' }))).toBe(true);
    expect(holdsAnswer(PHQ9.items[0]!.items![0]!)).toBe(true);
  });
  it('treats calculations, read-only questions and chart tables as not typed in', () => {
    expect(isComputed(item({ calculation: { kind: 'Sum', sources: ['a'] } }))).toBe(true);
    expect(isComputed(item({ readOnly: true }))).toBe(true);
    expect(isComputed(item({ type: 'ServiceEvents' }))).toBe(true);
    expect(isComputed(item({}))).toBe(false);
  });
});
