import type { DisplayVariant, QuestionType } from '../enums.ts';
import type { SignerRole } from './types.ts';

/**
 * Which question types each display variant applies to (docs/forms.md). A variant changes how a
 * question is shown and, for some, what its answer may be (USCurrency: cents; Stars: 1 to 5).
 */
export const VARIANT_TYPES: Readonly<Record<DisplayVariant, readonly QuestionType[]>> = {
  USCurrency: ['Decimal', 'Integer'],
  Slider: ['Integer', 'Decimal'],
  Dropdown: ['Choice', 'OpenChoice', 'TextChoice', 'UsState'],
  Stars: ['Integer'],
  Smiley: ['Integer'],
  Thumbs: ['Boolean'],
  FormattedText: ['Text', 'TextBlock'],
  Email: ['String', 'ContactPoint'],
  Phone: ['String', 'ContactPoint'],
  Rating: ['Integer'],
  InformationalCallout: ['TextBlock'],
  WarningCallout: ['TextBlock'],
  ToggleButton: ['Boolean', 'Choice'],
  ParagraphBreak: ['TextBlock'],
  RelatedPersonSignature: ['Signature'],
  AdhocPatientSignature: ['Signature'],
  PractitionerSignature: ['Signature'],
  LastFirstName: ['String'],
  SocialSecurityNumber: ['String'],
  PostalCode: ['String'],
  Percentage: ['Integer', 'Decimal'],
};

/** Whether a variant may be used on a type. */
export function variantFits(variant: DisplayVariant, type: QuestionType): boolean {
  return VARIANT_TYPES[variant]?.includes(type) ?? false;
}

/** Who signs a Signature question of each variant (a plain Signature: a practitioner). */
export function signerRoleOf(variant: DisplayVariant | undefined): SignerRole {
  if (variant === 'RelatedPersonSignature') return 'RelatedPerson';
  if (variant === 'AdhocPatientSignature') return 'AdhocPatient';
  return 'Practitioner';
}

/** Types whose questions choose from `answerOptions`. */
export const OPTION_TYPES: ReadonlySet<QuestionType> = new Set(['Choice', 'OpenChoice', 'TextChoice', 'Ranking']);
/** Types a `pattern` applies to. */
export const PATTERN_TYPES: ReadonlySet<QuestionType> = new Set(['String', 'Text', 'OpenChoice']);
