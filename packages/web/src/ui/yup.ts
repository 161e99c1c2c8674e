import { applyFormLocale } from '@caseload/core';

/**
 * yup with the product's messages (SPEC.md section 5) and custom rules (requiredWhen, unless,
 * unique) installed. Import yup from here, never from 'yup': core installs them from its schema
 * modules, but core is marked side-effect free, so a screen whose schemas use yup directly would
 * otherwise get yup's own wording and no `unique`.
 */
applyFormLocale();

export * from 'yup';
