import { setLocale } from 'yup';
import { FORM_LOCALE } from './form-messages.ts';
import { registerCustomRules } from './custom-rules.ts';

let applied = false;

/**
 * Puts the product's messages and custom rules into yup. yup reads its locale when a schema
 * method is called (`string().min(2)` takes its default message then), so this must run before
 * any schema is built: `forms/index.ts` calls it on import, and every schema module imports that.
 * Safe to call any number of times.
 */
export function applyFormLocale(): void {
  if (applied) return;
  setLocale(FORM_LOCALE);
  registerCustomRules();
  applied = true;
}
