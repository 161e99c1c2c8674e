import { describe, expect, it } from 'vitest';
import { DisplayVariants, type DisplayVariant } from '../enums.ts';
import type { QuestionnaireItem } from './types.ts';
import { validateResponse } from './validate-response.ts';
import { questionnaireIssues } from './validate-questionnaire.ts';
import { VARIANT_TYPES, signerRoleOf, variantFits } from './variants.ts';

const options = [
  { code: 'a', display: 'A' },
  { code: 'b', display: 'B' },
];

/** For every variant: the item it is shown on, a valid answer and an invalid one with its message. */
const CASES: Record<DisplayVariant, { item: Partial<QuestionnaireItem>; valid?: unknown; invalid?: [unknown, string] }> = {
  USCurrency: { item: { type: 'Decimal' }, valid: 12.34, invalid: [12.345, 'Q is invalid.'] },
  Slider: { item: { type: 'Integer', min: 0, max: 10 }, valid: 10, invalid: [11, 'Q must be less than or equal to 10'] },
  Dropdown: { item: { type: 'Choice', answerOptions: options }, valid: 'b', invalid: ['z', 'Q must be one of the following values: a, b'] },
  Stars: { item: { type: 'Integer' }, valid: 5, invalid: [0, 'Q must be greater than or equal to 1'] },
  Smiley: { item: { type: 'Integer' }, valid: 1, invalid: [6, 'Q must be less than or equal to 5'] },
  Thumbs: { item: { type: 'Boolean' }, valid: true, invalid: [1, 'Q is invalid.'] },
  FormattedText: { item: { type: 'Text' }, valid: '**bold**\n- list', invalid: [{ html: 'x' }, 'Q is invalid.'] },
  Email: { item: { type: 'String' }, valid: 'ada@example.org', invalid: ['ada@', 'Q must be a valid email'] },
  Phone: { item: { type: 'String' }, valid: '(555) 123-4567', invalid: ['12345', 'Q is invalid.'] },
  Rating: { item: { type: 'Integer' }, valid: 0, invalid: [11, 'Q must be less than or equal to 10'] },
  InformationalCallout: { item: { type: 'TextBlock' } },
  WarningCallout: { item: { type: 'TextBlock' } },
  ToggleButton: { item: { type: 'Choice', answerOptions: options }, valid: 'a', invalid: [true, 'Q is invalid.'] },
  ParagraphBreak: { item: { type: 'TextBlock' } },
  RelatedPersonSignature: { item: { type: 'Signature' } },
  AdhocPatientSignature: { item: { type: 'Signature' } },
  PractitionerSignature: { item: { type: 'Signature' } },
  LastFirstName: {
    item: { type: 'String' },
    valid: { family: 'Lovelace', given: 'Ada' },
    invalid: [{ family: ' Lovelace', given: 'Ada' }, 'q.family cannot begin or end with whitespace'],
  },
  SocialSecurityNumber: { item: { type: 'String' }, valid: '123-45-6789', invalid: ['123456789', 'Q is invalid.'] },
  PostalCode: { item: { type: 'String' }, valid: '62701-1234', invalid: ['6270', 'Q is invalid.'] },
  Percentage: { item: { type: 'Decimal' }, valid: 99.5, invalid: [100.5, 'Q must be less than or equal to 100'] },
};

const itemOf = (variant: DisplayVariant): QuestionnaireItem =>
  ({ linkId: 'q', text: 'Q', variant, ...CASES[variant].item }) as QuestionnaireItem;
const check = (variant: DisplayVariant, value: unknown) =>
  validateResponse({ items: [itemOf(variant)] }, { answers: value === undefined ? {} : { q: value }, completion: 'InProgress' });

describe('every display variant', () => {
  it('has a case for each of the enumeration', () => {
    expect(Object.keys(CASES).sort()).toEqual([...DisplayVariants].sort());
  });

  for (const variant of DisplayVariants) {
    const c = CASES[variant];
    it(`${variant} fits ${c.item.type} and publishes`, () => {
      expect(variantFits(variant, c.item.type!)).toBe(true);
      expect(questionnaireIssues({ title: 'T', status: 'Active', items: [itemOf(variant)] }, { publishing: true })).toEqual([]);
    });
    if (c.valid === undefined) {
      it(`${variant} holds no answer`, () => {
        expect(check(variant, undefined)).toEqual([]);
        expect(check(variant, 'x')).toEqual([{ path: 'answers', message: 'answers field has unspecified keys: q' }]);
      });
      continue;
    }
    it(`${variant} accepts ${JSON.stringify(c.valid)} and refuses ${JSON.stringify(c.invalid![0])}`, () => {
      expect(check(variant, c.valid)).toEqual([]);
      expect(check(variant, c.invalid![0]).map((i) => i.message)).toContain(c.invalid![1]);
    });
  }

  it('refuses publishing a variant on a type it does not fit', () => {
    const issues = questionnaireIssues(
      { title: 'T', status: 'Active', items: [{ linkId: 'q', type: 'Boolean', variant: 'Stars' }] },
      { publishing: true },
    );
    expect(issues).toEqual([{ path: 'items.0.variant', message: 'The Stars display variant does not apply to Boolean questions.' }]);
  });

  it('a Slider needs a range to publish', () => {
    const issues = questionnaireIssues(
      { title: 'T', status: 'Active', items: [{ linkId: 'q', type: 'Integer', variant: 'Slider' }] },
      { publishing: true },
    );
    expect(issues).toEqual([{ path: 'items.0', message: 'items.0 needs a min and a max.' }]);
  });

  it('Stars take their max from the item; every variant lists at least one type', () => {
    const item = { ...itemOf('Stars'), max: 10 };
    expect(validateResponse({ items: [item] }, { answers: { q: 10 }, completion: 'InProgress' })).toEqual([]);
    for (const types of Object.values(VARIANT_TYPES)) expect(types.length).toBeGreaterThan(0);
  });

  it('Email and Phone fix a ContactPoint system', () => {
    const item: QuestionnaireItem = { linkId: 'q', type: 'ContactPoint', variant: 'Phone' };
    expect(
      validateResponse({ items: [item] }, { answers: { q: { system: 'Phone', value: '555-123-4567' } }, completion: 'InProgress' }),
    ).toEqual([]);
    expect(
      validateResponse({ items: [item] }, { answers: { q: { system: 'Email', value: 'a@b.org' } }, completion: 'InProgress' }).map(
        (i) => i.path,
      ),
    ).toEqual(['q.system']);
  });

  it('signature variants name who signs', () => {
    expect(signerRoleOf('RelatedPersonSignature')).toBe('RelatedPerson');
    expect(signerRoleOf('AdhocPatientSignature')).toBe('AdhocPatient');
    expect(signerRoleOf('PractitionerSignature')).toBe('Practitioner');
    expect(signerRoleOf(undefined)).toBe('Practitioner');
  });
});
