import type { DisplayVariant, QuestionType, QuestionnaireItem } from '@caseload/core';
import { DISPLAY_ONLY_VARIANTS, isDisplayOnly, variantFits } from '@caseload/core';

/**
 * How the renderer shows one item: the widget its type and display variant call for. A variant
 * that does not fit the type (a draft the builder has not cleaned) is ignored, so a bad draft
 * still renders as its plain type.
 */
export type Widget =
  | 'checkbox'
  | 'thumbs'
  | 'yes-no-toggle'
  | 'number'
  | 'currency'
  | 'percentage'
  | 'slider'
  | 'stars'
  | 'smiley'
  | 'rating'
  | 'text'
  | 'email'
  | 'phone'
  | 'last-first-name'
  | 'ssn'
  | 'postal-code'
  | 'textarea'
  | 'markdown-textarea'
  | 'date'
  | 'date-time'
  | 'time'
  | 'approximate'
  | 'duration'
  | 'radio'
  | 'checkbox-group'
  | 'select'
  | 'multi-select'
  | 'segmented'
  | 'open-choice'
  | 'text-choice'
  | 'ranking'
  | 'contact-point'
  | 'address'
  | 'us-state'
  | 'reference'
  | 'ehr-lookup'
  | 'signature'
  | 'header'
  | 'text-block'
  | 'markdown-block'
  | 'info-callout'
  | 'warning-callout'
  | 'paragraph-break'
  | 'grid'
  | 'table-report'
  | 'service-events';

/** The variant that applies to the item, or undefined when it has none or it does not fit. */
export function effectiveVariant(item: Pick<QuestionnaireItem, 'type' | 'variant'>): DisplayVariant | undefined {
  return item.variant && variantFits(item.variant, item.type) ? item.variant : undefined;
}

const NUMBER_VARIANTS: Partial<Record<DisplayVariant, Widget>> = {
  USCurrency: 'currency',
  Percentage: 'percentage',
  Slider: 'slider',
  Stars: 'stars',
  Smiley: 'smiley',
  Rating: 'rating',
};
const STRING_VARIANTS: Partial<Record<DisplayVariant, Widget>> = {
  Email: 'email',
  Phone: 'phone',
  LastFirstName: 'last-first-name',
  SocialSecurityNumber: 'ssn',
  PostalCode: 'postal-code',
};

/** The widget of an item (see Widget). */
export function widgetOf(item: Pick<QuestionnaireItem, 'type' | 'variant' | 'repeats'>): Widget {
  const variant = effectiveVariant(item);
  const type: QuestionType = item.type;
  switch (type) {
    case 'Boolean':
      return variant === 'Thumbs' ? 'thumbs' : variant === 'ToggleButton' ? 'yes-no-toggle' : 'checkbox';
    case 'Integer':
    case 'Decimal':
      return (variant && NUMBER_VARIANTS[variant]) ?? 'number';
    case 'String':
      return (variant && STRING_VARIANTS[variant]) ?? 'text';
    case 'Text':
      return variant === 'FormattedText' ? 'markdown-textarea' : 'textarea';
    case 'Date':
      return 'date';
    case 'DateTime':
      return 'date-time';
    case 'Time':
      return 'time';
    case 'Approximate':
      return 'approximate';
    case 'Duration':
      return 'duration';
    case 'Choice':
      if (variant === 'ToggleButton' && !item.repeats) return 'segmented';
      if (variant === 'Dropdown') return item.repeats ? 'multi-select' : 'select';
      return item.repeats ? 'checkbox-group' : 'radio';
    case 'OpenChoice':
      return 'open-choice';
    case 'TextChoice':
      return 'text-choice';
    case 'Ranking':
      return 'ranking';
    case 'ContactPoint':
      return 'contact-point';
    case 'Address':
      return 'address';
    case 'UsState':
      return 'us-state';
    case 'Patient':
    case 'Practitioner':
    case 'InsuranceCompany':
    case 'Location':
    case 'RelatedPerson':
    case 'HealthcareService':
    case 'DocumentReference':
      return 'reference';
    case 'EhrLookup':
      return 'ehr-lookup';
    case 'Signature':
      return 'signature';
    case 'Header':
      return 'header';
    case 'TextBlock':
      if (variant === 'InformationalCallout') return 'info-callout';
      if (variant === 'WarningCallout') return 'warning-callout';
      if (variant === 'ParagraphBreak') return 'paragraph-break';
      return variant === 'FormattedText' ? 'markdown-block' : 'text-block';
    case 'Grid':
      return 'grid';
    case 'TableReport':
      return 'table-report';
    case 'ServiceEvents':
      return 'service-events';
    default:
      return 'text';
  }
}

/** Items that hold an answer in the form's values (not headings, text blocks, callouts or signatures). */
export function holdsAnswer(item: QuestionnaireItem): boolean {
  return !isDisplayOnly(item) && item.type !== 'Signature' && !(item.variant && DISPLAY_ONLY_VARIANTS.has(item.variant));
}

/** Items the person never types into: computed tables, calculations and read-only questions. */
export function isComputed(item: QuestionnaireItem): boolean {
  return Boolean(item.calculation) || item.readOnly === true || item.type === 'TableReport' || item.type === 'ServiceEvents';
}
