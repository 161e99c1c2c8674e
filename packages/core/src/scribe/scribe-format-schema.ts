import { array, boolean, object, string, type TestConfig } from 'yup';
import { ScribeNoteFormats } from '../enums.ts';
import { SCRIBE_FORMATS } from './scribe-formats.ts';
import type { ScribeFormat } from './transcript-types.ts';

/** The longest extra instructions a format may carry: a paragraph or two, not a second prompt. */
export const MAX_FORMAT_INSTRUCTIONS = 2000;

const sectionKeys = (format: unknown) =>
  (ScribeNoteFormats as readonly string[]).includes(format as string) ? SCRIBE_FORMATS[format as ScribeFormat].map((s) => s.key) : [];

/**
 * A section order names each of its format's sections once: an unknown key would be dropped
 * silently and a missing one would move, so both are refused rather than guessed at.
 */
const sectionOrderSchema = array(string().strict(true).required())
  .strict(true)
  .default(undefined)
  .test('sections', '', function (order) {
    if (!order) return true;
    const format = (this.parent as { format?: unknown }).format;
    const keys = sectionKeys(format);
    if (keys.length === 0) return true; // the format's own message says what is wrong
    const unknown = order.filter((k) => !keys.includes(k));
    if (unknown.length > 0)
      return this.createError({ message: `${this.path} names sections ${format} does not have: ${unknown.join(', ')}.` });
    if (new Set(order).size !== order.length) return this.createError({ message: `${this.path} cannot have duplicates.` });
    const missing = keys.filter((k) => !order.includes(k));
    if (missing.length > 0)
      return this.createError({ message: `${this.path} must name every section of ${format}; missing: ${missing.join(', ')}.` });
    return true;
  });

const configurationSchema = object({
  format: string()
    .strict(true)
    .required()
    .oneOf([...ScribeNoteFormats]),
  enabled: boolean().strict(true),
  sectionOrder: sectionOrderSchema,
  instructions: string().strict(true).max(MAX_FORMAT_INSTRUCTIONS),
})
  .noUnknown()
  .default(undefined);

/** `scribeFormatConfigurations`: one entry per format at most, each of the shape above. */
export const scribeFormatConfigurationsSchema = array(configurationSchema)
  .strict(true)
  .test('one-per-format', '', function (list) {
    const formats = (list ?? []).map((c) => (c as { format?: unknown } | undefined)?.format);
    const twice = formats.find((f, i) => f !== undefined && formats.indexOf(f) !== i);
    return twice === undefined || this.createError({ message: `${this.path} names ${twice} more than once.` });
  });

/** The default format (stored, else GIRPP) must be one the practice offers. */
export const defaultFormatOffered: TestConfig<Record<string, unknown> | undefined> = {
  name: 'default-format-offered',
  test(values) {
    const configurations = Array.isArray(values?.scribeFormatConfigurations) ? values.scribeFormatConfigurations : [];
    const format = (values?.defaultScribeNoteFormat as string | undefined) ?? 'GIRPP';
    const disabled = configurations.some((c) => {
      const entry = c as { format?: unknown; enabled?: unknown } | null;
      return entry?.format === format && entry.enabled === false;
    });
    if (!disabled) return true;
    return this.createError({
      path: 'defaultScribeNoteFormat',
      message: `defaultScribeNoteFormat cannot be ${format}: the practice does not offer that format (scribeFormatConfigurations).`,
    });
  },
};
