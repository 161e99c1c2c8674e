import { applyFormLocale } from './form-locale.ts';

// Importing the forms module is enough to get the product's messages: schemas built after this
// line (every schema module imports this one first) take them.
applyFormLocale();

export { applyFormLocale } from './form-locale.ts';
export { CUSTOM_FORM_MESSAGES, FORM_LOCALE } from './form-messages.ts';
export { issuePath, issuesOf, validateWithSchema } from './form-issues.ts';
export type { SiblingCondition } from './custom-rules.ts';
