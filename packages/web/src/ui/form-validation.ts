/**
 * When a react-hook-form form shows its validation messages: none before the first Save, then
 * live as the person corrects what Save refused. 'onTouched' judged a field the moment focus left
 * it, and focus arrives by itself (the dialog's first field, a section just added), so "Name is a
 * required field" or "Section title is a required field" showed before anything was typed; it also
 * re-checked a whole list on every row added, so a new section's empty title was an error at once.
 */
export const FORM_VALIDATION = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;
