import { US_STATES } from '../vocabularies/us-states.ts';
import { findConcept } from '../vocabularies/vocabulary.ts';
import type { QuestionnaireItem } from './types.ts';
import { variantFits } from './variants.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An SSN shown masked, only its last four digits visible: ***-**-6789. */
export function maskSsn(value: string): string {
  const d = value.replace(/\D/g, '');
  if (d.length === 0) return '';
  return `***-**-${d.slice(-4).padStart(4, '*')}`;
}

/** The words for one option code of a choice question (the code itself when it is not an option). */
export function optionDisplay(item: Pick<QuestionnaireItem, 'answerOptions'>, code: unknown): string {
  const found = item.answerOptions?.find((o) => o.code === code);
  return found ? found.display : String(code);
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
      if (typeof value !== 'boolean') return String(value);
      if (variant === 'Thumbs') return value ? 'Thumbs up' : 'Thumbs down';
      return value ? 'Yes' : 'No';
    case 'Integer':
    case 'Decimal':
      if (variant === 'USCurrency') return typeof value === 'number' ? `$${value.toFixed(2)}` : String(value);
      if (variant === 'Percentage') return `${String(value)}%`;
      if (variant === 'Stars') return `${String(value)} of ${typeof item.max === 'number' ? item.max : 5} stars`;
      if (variant === 'Smiley') return `${String(value)} of 5`;
      return String(value);
    case 'String':
      if (variant === 'SocialSecurityNumber') return maskSsn(String(value));
      if (variant === 'LastFirstName') return isObject(value) ? [value.family, value.given].filter(Boolean).join(', ') : String(value);
      break;
    case 'Choice':
    case 'OpenChoice':
      return optionDisplay(item, value);
    case 'Ranking':
      return Array.isArray(value) ? value.map((c, i) => `${i + 1}. ${optionDisplay(item, c)}`).join('; ') : String(value);
    case 'UsState':
      return findConcept(US_STATES, String(value))?.display ?? String(value);
    case 'ContactPoint':
      return isObject(value) ? [value.value, value.use ? `(${String(value.use)})` : ''].filter(Boolean).join(' ') : String(value);
    case 'Address':
      return isObject(value)
        ? [...(Array.isArray(value.line) ? value.line : []), value.city, [value.state, value.postalCode].filter(Boolean).join(' ')]
            .filter(Boolean)
            .join(', ')
        : String(value);
    case 'Patient':
    case 'Practitioner':
    case 'InsuranceCompany':
    case 'Location':
    case 'RelatedPerson':
    case 'HealthcareService':
    case 'DocumentReference':
    case 'EhrLookup':
      return isObject(value) ? String(value.display ?? `${String(value.resourceType)} ${String(value.id)}`) : String(value);
    case 'DateTime':
      return options.dateTime && typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? options.dateTime(value) : String(value);
    case 'Grid':
    case 'TableReport':
    case 'ServiceEvents':
      return '';
  }
  return isObject(value) ? JSON.stringify(value) : String(value);
}
