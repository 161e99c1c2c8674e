import { findConcept, US_STATES, type QuestionnaireItem } from '@caseload/core';
import { maskSsn } from './input-formats.ts';
import { widgetOf } from './question-widgets.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The words for one option code of a choice question (the code itself when it is not an option). */
export function optionDisplay(item: Pick<QuestionnaireItem, 'answerOptions'>, code: unknown): string {
  const found = item.answerOptions?.find((o) => o.code === code);
  return found ? found.display : String(code);
}

/**
 * An answer as the read-only and print modes show it: words, never raw JSON (a choice by its
 * option's words, a reference by its display, a Social Security number masked). '' when unanswered.
 */
export function answerText(item: QuestionnaireItem, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value) && item.type !== 'Ranking') return value.map((v) => answerText({ ...item, repeats: false }, v)).filter(Boolean).join('; ');
  switch (widgetOf(item)) {
    case 'checkbox':
    case 'yes-no-toggle':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'thumbs':
      return value === true ? 'Thumbs up' : value === false ? 'Thumbs down' : String(value);
    case 'currency':
      return typeof value === 'number' ? `$${value.toFixed(2)}` : String(value);
    case 'percentage':
      return `${String(value)}%`;
    case 'stars':
      return `${String(value)} of ${typeof item.max === 'number' ? item.max : 5} stars`;
    case 'smiley':
      return `${String(value)} of 5`;
    case 'ssn':
      return maskSsn(String(value));
    case 'last-first-name':
      return isObject(value) ? [value.family, value.given].filter(Boolean).join(', ') : String(value);
    case 'radio':
    case 'select':
    case 'segmented':
    case 'checkbox-group':
    case 'multi-select':
    case 'open-choice':
      return optionDisplay(item, value);
    case 'ranking':
      return Array.isArray(value) ? value.map((c, i) => `${i + 1}. ${optionDisplay(item, c)}`).join('; ') : String(value);
    case 'us-state':
      return findConcept(US_STATES, String(value))?.display ?? String(value);
    case 'contact-point':
      return isObject(value) ? [value.value, value.use ? `(${String(value.use)})` : ''].filter(Boolean).join(' ') : String(value);
    case 'address':
      return isObject(value)
        ? [...(Array.isArray(value.line) ? value.line : []), value.city, [value.state, value.postalCode].filter(Boolean).join(' ')]
            .filter(Boolean).join(', ')
        : String(value);
    case 'reference':
    case 'ehr-lookup':
      return isObject(value) ? String(value.display ?? `${String(value.resourceType)} ${String(value.id)}`) : String(value);
    case 'date-time':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toLocaleString() : String(value);
    case 'grid':
    case 'table-report':
    case 'service-events':
      return '';
    default:
      return isObject(value) ? JSON.stringify(value) : String(value);
  }
}
