import { array, number, object, string, type AnyObject, type TestContext } from 'yup';
import { ContactSystems, ContactUses, NameUses } from '../enums.ts';
import { applyFormLocale } from '../forms/form-locale.ts';
import { DATE_TIME_MESSAGES, DATE_TIME_TESTS, isCalendarDate, type DateTimeFormat } from '../validation/date-time-formats.ts';
import { IDENTIFIER_TYPES } from '../vocabularies/identifiers-and-licences.ts';
import { US_STATES } from '../vocabularies/us-states.ts';
import { conceptCodes, findConcept, type Vocabulary } from '../vocabularies/vocabulary.ts';

// yup takes its default messages when a schema is built, so the locale goes in first.
applyFormLocale();

/**
 * The building blocks of the people and practice schemas: text, dates, codings, names, contact
 * points, addresses, periods and references. Nested shapes refuse unknown keys (a typo in a form
 * or an import is caught); resources themselves keep fields later issues add (docs/validation.md).
 */

/** Optional text with no leading or trailing whitespace ('... cannot begin or end with whitespace'). */
export const text = (max = 200) => string().trim().strict(true).max(max);

/** Required, non-blank text with no leading or trailing whitespace. */
export const requiredText = (max = 200) => text(max).required();

/**
 * Text of one of the date and time formats (validation/date-time-formats.ts), with that format's
 * message. The test is named after the format: the unit test that holds every schema to
 * DATE_TIME_FIELDS_BY_TYPE reads it there.
 */
export const dateTimeText = (format: DateTimeFormat) =>
  string()
    .strict(true)
    .test(format, DATE_TIME_MESSAGES[format], (v) => v === undefined || DATE_TIME_TESTS[format](v));

/** A yyyy-MM-dd date that exists in the calendar. */
export const isoDate = () => dateTimeText('date');

/** Today as yyyy-MM-dd: from the validation context (the server passes its clock), else now. */
export function todayOf(context: AnyObject | undefined): string {
  const today = context?.today;
  if (typeof today === 'string') return today;
  return (today instanceof Date ? today : new Date()).toISOString().slice(0, 10);
}

/** A yyyy-MM-dd date not after today ('{path} field must be earlier than {tomorrow}'). */
export const pastOrToday = () =>
  isoDate().test({
    name: 'not-future',
    message: '${path} field must be earlier than ${max}',
    test(value, ctx: TestContext) {
      if (value === undefined || !isCalendarDate(value)) return true;
      const today = todayOf(ctx.options.context);
      if (value <= today) return true;
      const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      return ctx.createError({ params: { max: tomorrow } });
    },
  });

/**
 * A code of `vocab`. Short lists answer with yup's oneOf message, which lists the values; long
 * ones ('{path} is invalid.') would make a message nobody can read.
 */
export const codeIn = (vocab: Vocabulary) => {
  const codes = conceptCodes(vocab);
  return codes.length <= 25
    ? string().strict(true).oneOf(codes)
    : string()
        .strict(true)
        .test('code', (v) => v === undefined || codes.includes(v));
};

/** A Coding from `vocab`: the code is one of its codes, and a system, when given, is the code's. */
export const codingOf = (vocab: Vocabulary) =>
  object({
    system: string().strict(true),
    code: codeIn(vocab).required(),
    display: text(300),
  })
    .noUnknown()
    .default(undefined)
    .test('system', '${path} is invalid.', (coding) => {
      if (!coding?.system || !coding.code) return true;
      const concept = findConcept(vocab, coding.code);
      return !concept || (concept.system ?? vocab.system) === coding.system;
    });

/** A person's name: a use (Nickname, Preferred, none for the legal name) and a family or given name. */
export const humanNameSchema = object({
  use: string()
    .strict(true)
    .oneOf([...NameUses]),
  given: array(requiredText(100)).max(5),
  family: text(100),
  prefix: array(requiredText(40)).max(3),
  suffix: array(requiredText(40)).max(3),
})
  .noUnknown()
  .test('named', '${path} needs a family or given name', (n) => !n || Boolean(n.family) || (n.given?.length ?? 0) > 0);

/** A person's names: at least one, and at most one of each use (one legal, one Preferred, one Nickname). */
export const namesSchema = () =>
  array(humanNameSchema)
    .min(1)
    .unique(undefined, (n: { use?: string }) => n?.use ?? 'legal');

const PHONE_CHARACTERS = /^\+?[0-9 ().-]+(\s*(x|ext\.?)\s*\d{1,6})?$/i;

/** Phone numbers: digits with the usual separators, 10 digits (US) or 7 to 15 (E.164), optional extension. */
export function isPhoneNumber(value: string): boolean {
  if (!PHONE_CHARACTERS.test(value)) return false;
  const digits = value.replace(/(x|ext\.?)\s*\d+$/i, '').replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15;
}

/** A phone number or e-mail address; the value must be valid for its system. */
export const contactPointSchema = object({
  system: string()
    .strict(true)
    .oneOf([...ContactSystems])
    .required(),
  use: string()
    .strict(true)
    .oneOf([...ContactUses]),
  value: requiredText(254).when('system', {
    is: 'Email',
    then: (s) => s.email(),
    otherwise: (s) => s.test('phone', '${path} must be a valid phone number', (v) => v === undefined || isPhoneNumber(v)),
  }),
  rank: number().strict(true).integer().positive(),
}).noUnknown();

/** A postal address; the state is a USPS code of a US state or territory. */
export const addressSchema = object({
  use: string()
    .strict(true)
    .oneOf([...ContactUses]),
  line: array(requiredText(200)).max(3),
  city: text(100),
  state: codeIn(US_STATES),
  postalCode: text(10).matches(/^\d{5}(-\d{4})?$/),
  country: text(2).matches(/^[A-Z]{2}$/),
}).noUnknown();

/** A period of days; the end, when given, is not before the start. */
export const periodSchema = object({ start: isoDate(), end: isoDate() })
  .noUnknown()
  .default(undefined)
  .test({
    name: 'ordered',
    message: '${path} field must be later than ${min}',
    test(p, ctx) {
      if (!p?.start || !p.end || p.end >= p.start) return true;
      return ctx.createError({ path: `${ctx.path}.end`, params: { min: p.start } });
    },
  });

/** A reference to another resource, optionally of one of `types`. Expanded references may carry more. */
export const referenceSchema = (...types: string[]) =>
  object({
    id: requiredText(128),
    resourceType: (types.length > 0 ? string().strict(true).oneOf(types) : string().strict(true)).required(),
    display: string().strict(true),
    partition: string().strict(true),
    versionId: string().strict(true),
  }).default(undefined);

/** An identifier; its type, when given, is from IDENTIFIER_TYPES. */
export const identifierSchema = object({
  system: string().strict(true),
  type: codeIn(IDENTIFIER_TYPES),
  value: requiredText(128),
}).noUnknown();

/** The fields every stored resource has; the server owns them, a form need not send them. */
export const resourceShape = {
  id: string().strict(true),
  resourceType: string().strict(true),
  partition: string().strict(true),
  display: string().strict(true),
  created: dateTimeText('dateTime'),
  meta: object().default(undefined),
  identifiers: array(identifierSchema),
  content: object().default(undefined),
};

/** True for undefined, null or text that is only whitespace (for `requiredWhen` conditions). */
export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** True for undefined, null or the empty string: a value that was not given at all. */
export const isMissing = (value: unknown): boolean => value === undefined || value === null || value === '';
