import * as yup from 'yup';
import { FORM_LOCALE } from '../forms/index.ts';
import { ContactSystems, ContactUses } from '../enums.ts';
import { isCalendarDate, isDateTime } from '../validation/date-time-formats.ts';
import { parseApproximate } from '../validation/dates.ts';
import { parseDuration } from '../validation/duration.ts';
import { US_STATES } from '../vocabularies/us-states.ts';
import { hasConcept } from '../vocabularies/vocabulary.ts';
import { ANSWER_FORMATS, hasCentsPrecision, timeOfDaySeconds } from './answer-formats.ts';

/**
 * yup schemas for single answer values of each kind (docs/forms.md). `strict` everywhere: an
 * answer is stored as sent, so '3' is not an Integer and 'true' is not a Boolean.
 */
const invalid = FORM_LOCALE.mixed.default;

/** A string that passes `check`; the check's own words (e.g. 'Invalid Approximate: x') when it throws. */
export function checkedString(check: (value: string) => boolean | void) {
  return yup
    .string()
    .strict()
    .typeError(invalid)
    .test('format', invalid, function (value) {
      if (value === undefined || value === null || value === '') return true;
      try {
        return check(value) === false ? false : true;
      } catch (error) {
        return this.createError({ message: error instanceof Error ? error.message : invalid });
      }
    });
}

export const dateValue = () => checkedString(isCalendarDate);
export const dateTimeValue = () => checkedString(isDateTime);
export const timeValue = () => checkedString((v) => ANSWER_FORMATS.time.test(v));
export const approximateValue = () => checkedString((v) => void parseApproximate(v));
export const durationValue = () => checkedString((v) => void parseDuration(v));
export const usStateValue = () => checkedString((v) => hasConcept(US_STATES, v));
export const phoneValue = () => checkedString((v) => ANSWER_FORMATS.phone.test(v));
export const ssnValue = () => checkedString((v) => ANSWER_FORMATS.ssn.test(v));
export const postalCodeValue = () => checkedString((v) => ANSWER_FORMATS.postalCode.test(v));

/** Dollars with at most cents. */
export const currencyValue = () =>
  yup
    .number()
    .strict()
    .typeError(invalid)
    .test('cents', invalid, (v) => v === undefined || v === null || hasCentsPrecision(v));

/** Earliest and latest of a Date, DateTime or Time answer, with the product's date words. */
export function withinDates(schema: yup.StringSchema<string | undefined>, kind: 'Date' | 'DateTime' | 'Time', min: unknown, max: unknown) {
  const key = (v: string) => (kind === 'Time' ? timeOfDaySeconds(v) : kind === 'DateTime' ? Date.parse(v) : v);
  let out = schema;
  if (typeof min === 'string') {
    out = out.test('min', FORM_LOCALE.date.min, function (v) {
      return !v || safeCompare(key, v, min) >= 0 || this.createError({ params: { min } });
    });
  }
  if (typeof max === 'string') {
    out = out.test('max', FORM_LOCALE.date.max, function (v) {
      return !v || safeCompare(key, v, max) <= 0 || this.createError({ params: { max } });
    });
  }
  return out;
}

/** Compares only well-formed values; a malformed one already has its own issue. */
function safeCompare(key: (v: string) => string | number, a: string, b: string): number {
  try {
    const [ka, kb] = [key(a), key(b)];
    if (typeof ka === 'number' && (Number.isNaN(ka) || Number.isNaN(kb as number))) return 0;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  } catch {
    return 0;
  }
}

/** A reference to one of `types` (any type when empty). */
export function referenceValue(types: readonly string[]) {
  return yup
    .object({
      id: yup.string().strict().required(),
      resourceType: types.length
        ? yup
            .string()
            .strict()
            .required()
            .oneOf([...types])
        : yup.string().strict().required(),
      display: yup.string().strict(),
      partition: yup.string().strict(),
      versionId: yup.string().strict(),
    })
    .noUnknown()
    .strict()
    .typeError(invalid)
    .default(undefined);
}

/** people/types.ts ContactPoint; the Email and Phone variants fix its system. */
export function contactPointValue(system?: 'Email' | 'Phone') {
  return yup
    .object({
      system: (system ? yup.string().oneOf([system]) : yup.string().oneOf([...ContactSystems])).strict().required(),
      use: yup
        .string()
        .strict()
        .oneOf([...ContactUses]),
      value: yup
        .string()
        .strict()
        .required()
        .when('system', ([s], schema) =>
          s === 'Email' ? schema.email() : s === 'Phone' ? schema.matches(ANSWER_FORMATS.phone, invalid) : schema,
        ),
      rank: yup.number().strict().integer().positive(),
    })
    .noUnknown()
    .strict()
    .typeError(invalid)
    .default(undefined);
}

/** people/types.ts Address; the state is a USPS code, the postal code a ZIP or ZIP+4. */
export function addressValue() {
  return yup
    .object({
      use: yup
        .string()
        .strict()
        .oneOf([...ContactUses]),
      line: yup.array(yup.string().strict().required()).strict(),
      city: yup.string().strict(),
      state: usStateValue(),
      postalCode: postalCodeValue(),
      country: yup.string().strict(),
    })
    .noUnknown()
    .strict()
    .typeError(invalid)
    .default(undefined);
}

/** The LastFirstName variant: a family and a given name. */
export function lastFirstNameValue() {
  return yup
    .object({
      family: yup.string().strict().trim().required(),
      given: yup.string().strict().required(),
    })
    .noUnknown()
    .strict()
    .typeError(invalid)
    .default(undefined);
}

/** The snapshot of a TableReport or ServiceEvents table. */
export function computedTableValue(row: yup.AnyObjectSchema) {
  return yup
    .object({
      generatedAt: dateTimeValue().required(),
      rows: yup.array(row).strict().required(),
    })
    .noUnknown()
    .strict()
    .typeError(invalid)
    .default(undefined);
}

export const tableReportRow = (keys: readonly string[]) =>
  yup
    .object()
    .strict()
    .typeError(invalid)
    .test(
      'columns',
      invalid,
      (row) =>
        !row ||
        Object.entries(row).every(([k, v]) => keys.includes(k) && (v === null || ['string', 'number', 'boolean'].includes(typeof v))),
    );

export const serviceEventRow = () =>
  yup
    .object({
      date: dateValue().required(),
      service: referenceValue(['HealthcareService']),
      practitioner: referenceValue(['Practitioner']),
      duration: durationValue(),
      status: yup.string().strict(),
      encounter: referenceValue(['Encounter']),
    })
    .noUnknown()
    .strict()
    .typeError(invalid);
