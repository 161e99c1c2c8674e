import type { LocaleObject } from 'yup';

/**
 * The form validation messages of SPEC.md section 5, to the letter. `${path}` and the other
 * `${...}` parts are yup's interpolation, filled in when a message is made (the field's label
 * when it has one, else its path).
 *
 * The defaults are yup's own words, pinned here so a yup upgrade cannot change what users read;
 * the product overrides replace yup's where the product differs (docs/validation.md).
 */
export const FORM_LOCALE = {
  mixed: {
    // Product override: one short sentence for a value that fails a check with no message of its own.
    default: '${path} is invalid.',
    required: '${path} is a required field',
    defined: '${path} must be defined',
    notNull: '${path} cannot be null',
    oneOf: '${path} must be one of the following values: ${values}',
    notOneOf: '${path} must not be one of the following values: ${values}',
    // yup's type error prints the raw value, which means nothing to a user (docs/validation.md).
    notType: '${path} is invalid.',
  },
  string: {
    length: '${path} must be exactly ${length} characters',
    min: '${path} must be at least ${min} characters',
    max: '${path} must be at most ${max} characters',
    matches: '${path} is invalid.',
    email: '${path} must be a valid email',
    url: '${path} must be a valid URL',
    uuid: '${path} must be a valid UUID',
    datetime: '${path} must be a valid ISO date-time',
    // Product overrides.
    trim: '${path} cannot begin or end with whitespace',
    lowercase: '${path} must be lowercase',
    uppercase: '${path} must be uppercase',
  },
  number: {
    min: '${path} must be greater than or equal to ${min}',
    max: '${path} must be less than or equal to ${max}',
    lessThan: '${path} must be less than ${less}',
    moreThan: '${path} must be greater than ${more}',
    positive: '${path} must be a positive number',
    negative: '${path} must be a negative number',
    integer: '${path} must be an integer',
  },
  date: {
    // Product overrides (yup says "field must be at earlier than").
    min: '${path} field must be later than ${min}',
    max: '${path} field must be earlier than ${max}',
  },
  object: {
    noUnknown: '${path} field has unspecified keys: ${unknown}',
  },
  array: {
    min: '${path} field must have at least ${min} items',
    max: '${path} field must have less than or equal to ${max} items',
    length: '${path} must have ${length} items',
  },
} as const satisfies LocaleObject;

/** Messages of the product's own rules (SPEC.md section 5, custom rules). */
export const CUSTOM_FORM_MESSAGES = {
  /** Array `unique()`. */
  unique: '${path} cannot have duplicates.',
} as const;
