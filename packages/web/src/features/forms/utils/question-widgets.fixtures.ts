import type { Widget } from './question-widgets.ts';

/** The widget each variant gives each type it fits (written out by hand, so the test checks the mapping, not itself). */
export const QUESTION_WIDGETS_FOR_TEST: Record<string, Widget> = {
  'USCurrency/Decimal': 'currency', 'USCurrency/Integer': 'currency',
  'Slider/Integer': 'slider', 'Slider/Decimal': 'slider',
  'Dropdown/Choice': 'select', 'Dropdown/OpenChoice': 'open-choice', 'Dropdown/TextChoice': 'text-choice', 'Dropdown/UsState': 'us-state',
  'Stars/Integer': 'stars', 'Smiley/Integer': 'smiley', 'Thumbs/Boolean': 'thumbs',
  'FormattedText/Text': 'markdown-textarea', 'FormattedText/TextBlock': 'markdown-block',
  'Email/String': 'email', 'Email/ContactPoint': 'contact-point', 'Phone/String': 'phone', 'Phone/ContactPoint': 'contact-point',
  'Rating/Integer': 'rating',
  'InformationalCallout/TextBlock': 'info-callout', 'WarningCallout/TextBlock': 'warning-callout',
  'ToggleButton/Boolean': 'yes-no-toggle', 'ToggleButton/Choice': 'segmented',
  'ParagraphBreak/TextBlock': 'paragraph-break',
  'RelatedPersonSignature/Signature': 'signature', 'AdhocPatientSignature/Signature': 'signature', 'PractitionerSignature/Signature': 'signature',
  'LastFirstName/String': 'last-first-name', 'SocialSecurityNumber/String': 'ssn', 'PostalCode/String': 'postal-code',
  'Percentage/Integer': 'percentage', 'Percentage/Decimal': 'percentage',
};
