import * as yup from 'yup';
import { isAnswered, isDisplayOnly } from './items.ts';
import { FORM_LOCALE } from '../forms/index.ts';
import { validationRegexCache } from './regex-cache.ts';
import type { QuestionnaireItem } from './types.ts';
import {
  addressValue,
  approximateValue,
  computedTableValue,
  contactPointValue,
  currencyValue,
  dateTimeValue,
  dateValue,
  durationValue,
  lastFirstNameValue,
  phoneValue,
  postalCodeValue,
  referenceValue,
  serviceEventRow,
  ssnValue,
  tableReportRow,
  timeValue,
  usStateValue,
  withinDates,
} from './value-schemas.ts';

const invalid = FORM_LOCALE.mixed.default;

/** The resource type each reference question points at. */
export const REFERENCE_TYPES: Readonly<Partial<Record<QuestionnaireItem['type'], string>>> = {
  Patient: 'Patient',
  Practitioner: 'Practitioner',
  InsuranceCompany: 'Organization',
  Location: 'Location',
  RelatedPerson: 'RelatedPerson',
  HealthcareService: 'HealthcareService',
  DocumentReference: 'DocumentReference',
};

/** The range a variant gives a number question; the item's own min/max win where set. */
export function numberRange(item: QuestionnaireItem): { min?: number; max?: number } {
  const own = {
    min: typeof item.min === 'number' ? item.min : undefined,
    max: typeof item.max === 'number' ? item.max : undefined,
  };
  switch (item.variant) {
    case 'Stars':
      return { min: own.min ?? 1, max: own.max ?? 5 };
    case 'Smiley':
      return { min: 1, max: 5 };
    case 'Rating':
      return { min: own.min ?? 0, max: own.max ?? 10 };
    case 'Percentage':
      return { min: own.min ?? 0, max: own.max ?? 100 };
    default:
      return own;
  }
}

function numberSchema(item: QuestionnaireItem, integer: boolean) {
  let schema = item.variant === 'USCurrency' ? currencyValue() : yup.number().strict().typeError(invalid);
  if (integer) schema = schema.integer();
  const { min, max } = numberRange(item);
  if (min !== undefined) schema = schema.min(min);
  if (max !== undefined) schema = schema.max(max);
  return schema;
}

function textSchema(item: QuestionnaireItem, multiline: boolean) {
  if (item.variant === 'LastFirstName') return lastFirstNameValue();
  let schema: yup.StringSchema<string | undefined> =
    item.variant === 'Phone'
      ? phoneValue()
      : item.variant === 'SocialSecurityNumber'
        ? ssnValue()
        : item.variant === 'PostalCode'
          ? postalCodeValue()
          : yup.string().strict().typeError(invalid);
  if (item.variant === 'Email') schema = schema.email();
  if (!multiline) schema = schema.test('single-line', invalid, (v) => !v || !/[\r\n]/.test(v));
  if (typeof item.minLength === 'number') schema = schema.min(item.minLength);
  if (typeof item.maxLength === 'number') schema = schema.max(item.maxLength);
  if (typeof item.pattern === 'string') {
    const pattern = item.pattern;
    // A draft's broken pattern cannot be checked; publishing refuses it before anyone answers.
    schema = schema.test('pattern', invalid, (v) => {
      if (!v) return true;
      try {
        return validationRegexCache.get(pattern).test(v);
      } catch {
        return true;
      }
    });
  }
  return schema;
}

const codes = (item: QuestionnaireItem) => (item.answerOptions ?? []).map((o) => o.code);

function gridSchema(item: QuestionnaireItem) {
  const columns = (item.items ?? []).filter((c) => !isDisplayOnly(c));
  const rows = item.rows ?? [];
  const rowSchema = (row: { code: string; display: string }) =>
    yup
      .object(Object.fromEntries(columns.map((c) => [c.linkId, answerSchema({ ...c, text: `${row.display}: ${c.text ?? c.linkId}` })])))
      .noUnknown()
      .strict()
      .typeError(invalid)
      .default(undefined);
  return yup
    .object(Object.fromEntries(rows.map((r) => [r.code, rowSchema(r)])))
    .noUnknown()
    .strict()
    .typeError(invalid)
    .default(undefined);
}

/** The schema of one value of an item, by its type and display variant (docs/forms.md). */
export function valueSchema(item: QuestionnaireItem): yup.AnySchema {
  switch (item.type) {
    case 'Boolean':
      return yup.boolean().strict().typeError(invalid);
    case 'Integer':
      return numberSchema(item, true);
    case 'Decimal':
      return numberSchema(item, false);
    case 'String':
      return textSchema(item, false);
    case 'Text':
      return textSchema(item, true);
    case 'Date':
      return withinDates(dateValue(), 'Date', item.min, item.max);
    case 'DateTime':
      return withinDates(dateTimeValue(), 'DateTime', item.min, item.max);
    case 'Time':
      return withinDates(timeValue(), 'Time', item.min, item.max);
    case 'Choice':
      return yup.string().strict().typeError(invalid).oneOf(codes(item));
    case 'OpenChoice':
      return textSchema({ ...item, pattern: undefined, variant: undefined }, false);
    case 'TextChoice':
      return yup
        .string()
        .strict()
        .typeError(invalid)
        .oneOf((item.answerOptions ?? []).map((o) => o.display));
    case 'Ranking':
      return yup
        .array(yup.string().strict().required().oneOf(codes(item)))
        .strict()
        .typeError(invalid)
        .unique()
        .test('complete', FORM_LOCALE.array.length, function (v) {
          return !v || v.length === 0 || v.length === codes(item).length || this.createError({ params: { length: codes(item).length } });
        })
        .default(undefined);
    case 'ContactPoint':
      return contactPointValue(item.variant === 'Email' ? 'Email' : item.variant === 'Phone' ? 'Phone' : undefined);
    case 'Approximate':
      return approximateValue();
    case 'Address':
      return addressValue();
    case 'Duration':
      return durationValue();
    case 'UsState':
      return usStateValue();
    case 'EhrLookup':
      return referenceValue(item.lookupTypes ?? []);
    case 'Grid':
      return gridSchema(item);
    case 'TableReport':
      return computedTableValue(tableReportRow((item.report?.columns ?? []).map((c) => c.key)));
    case 'ServiceEvents':
      return computedTableValue(serviceEventRow());
    default: {
      const target = REFERENCE_TYPES[item.type];
      if (target) return referenceValue([target]);
      // Header, TextBlock and Signature hold no answer (signatures live in response.signatures).
      return yup.mixed().test('no-answer', invalid, (v) => v === undefined);
    }
  }
}

/** Types whose single value is itself a list, so `repeats` makes a list of lists. */
const LIST_VALUED = new Set(['Ranking']);

/**
 * The schema of an item's whole answer: one value, or a list of them when it repeats (with
 * minItems / maxItems and no duplicates), required when the item is. The item's text is the
 * label the messages name ('{text} is a required field'); its linkId is the path.
 */
export function answerSchema(item: QuestionnaireItem): yup.AnySchema {
  const label = item.text?.trim() || item.linkId;
  const single = valueSchema(item).label(label);
  let schema: yup.AnySchema = single;
  if (item.repeats && !LIST_VALUED.has(item.type)) {
    let list = yup.array(single.nonNullable()).strict().typeError(invalid).label(label).default(undefined);
    if (typeof item.minItems === 'number') list = list.min(item.minItems);
    if (typeof item.maxItems === 'number') list = list.max(item.maxItems);
    schema = list.unique();
  }
  if (item.required) {
    // One meaning of "answered" for every type: a blank string, an empty list or object is not.
    schema = schema.test({ name: 'required', exclusive: true, message: FORM_LOCALE.mixed.required, test: isAnswered });
  }
  return schema;
}
