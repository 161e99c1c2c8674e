import { US_STATES } from '../vocabularies/us-states.ts';
import { findConcept } from '../vocabularies/vocabulary.ts';
import type { QuestionnaireItem } from './types.ts';
import { variantFits } from './variants.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value in words where nothing better fits: an object as JSON (String() throws on `{ toString: 0 }`). */
const text = (v: unknown): string => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

/** An SSN shown masked, only its last four digits visible: ***-**-6789. */
export function maskSsn(value: string): string {
  const d = value.replace(/\D/g, '');
  if (d.length === 0) return '';
  return `***-**-${d.slice(-4).padStart(4, '*')}`;
}

/** The words for one option code of a choice question (the code itself when it is not an option). */
export function optionDisplay(item: Pick<QuestionnaireItem, 'answerOptions'>, code: unknown): string {
  const found = item.answerOptions?.find((o) => o.code === code);
  return found ? found.display : text(code);
}

export interface AnswerWordsOptions {
  /** A DateTime answer (a UTC timestamp) in the reader's words; the timestamp itself without one. */
  dateTime?: (iso: string) => string;
}

/**
 * An answer as a person reads it, the same on screen (read-only and print modes) and on a
 * printout: a choice by its option's words, a reference by its display, a Social Security number
 * masked, never raw JSON. '' when unanswered; Grids and computed tables are laid out by their
 * readers, cell by cell.
 */
export function answerWords(item: QuestionnaireItem, value: unknown, options: AnswerWordsOptions = {}): string {
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value) && item.type !== 'Ranking') {
    return value
      .map((v) => answerWords({ ...item, repeats: false }, v, options))
      .filter(Boolean)
      .join('; ');
  }
  const variant = item.variant && variantFits(item.variant, item.type) ? item.variant : undefined;
  switch (item.type) {
    case 'Boolean':
      if (typeof value !== 'boolean') return text(value);
      if (variant === 'Thumbs') return value ? 'Thumbs up' : 'Thumbs down';
      return value ? 'Yes' : 'No';
    case 'Integer':
    case 'Decimal':
      if (variant === 'USCurrency') return typeof value === 'number' ? `$${value.toFixed(2)}` : text(value);
      if (variant === 'Percentage') return `${text(value)}%`;
      if (variant === 'Stars') return `${text(value)} of ${typeof item.max === 'number' ? item.max : 5} stars`;
      if (variant === 'Smiley') return `${text(value)} of 5`;
      return text(value);
    case 'String':
      if (variant === 'SocialSecurityNumber') return maskSsn(text(value));
      if (variant === 'LastFirstName') return isObject(value) ? [value.family, value.given].filter(Boolean).join(', ') : text(value);
      break;
    case 'Choice':
    case 'OpenChoice':
      return optionDisplay(item, value);
    case 'Ranking':
      return Array.isArray(value) ? value.map((c, i) => `${i + 1}. ${optionDisplay(item, c)}`).join('; ') : text(value);
    case 'UsState':
      return findConcept(US_STATES, text(value))?.display ?? text(value);
    case 'ContactPoint':
      return isObject(value) ? [value.value, value.use ? `(${text(value.use)})` : ''].filter(Boolean).join(' ') : text(value);
    case 'Address':
      return isObject(value)
        ? [...(Array.isArray(value.line) ? value.line : []), value.city, [value.state, value.postalCode].filter(Boolean).join(' ')]
            .filter(Boolean)
            .join(', ')
        : text(value);
    case 'Patient':
    case 'Practitioner':
    case 'InsuranceCompany':
    case 'Location':
    case 'RelatedPerson':
    case 'HealthcareService':
    case 'DocumentReference':
    case 'EhrLookup':
      return isObject(value) ? text(value.display ?? `${text(value.resourceType)} ${text(value.id)}`) : text(value);
    case 'DateTime':
      return options.dateTime && typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? options.dateTime(value) : text(value);
    case 'Grid':
    case 'TableReport':
    case 'ServiceEvents':
      return '';
  }
  return text(value);
}
