import { fieldDomId } from './note-refs.ts';

const FOCUSABLE = 'input:not([type="hidden"]), textarea, select, [contenteditable="true"], button, [tabindex]';

/** The path one level up (`sections.phq.answers.phq9-3` → `sections.phq.answers`). */
const parentPath = (path: string) => (path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : '');

/** Scrolls to an element and focuses it, or the first thing in it that takes focus. */
function focusIn(el: HTMLElement) {
  const target = el.matches(FOCUSABLE) ? el : (el.querySelector<HTMLElement>(FOCUSABLE) ?? el);
  target.scrollIntoView({ block: 'center' });
  target.focus();
}

/**
 * Moves focus to the field a check names (a rule result's `field`, a completeness issue's `path`):
 * the element with that path's id (fieldDomId), else the nearest parent path's. Below a parent,
 * the path's last part may be a question of a form (`sections.phq.answers.phq9-3`): the forms
 * renderer marks each question with `data-linkid`, so that question is focused within it.
 */
export function focusNoteField(path: string): boolean {
  const last = path.slice(path.lastIndexOf('.') + 1);
  for (let p = path; p; p = parentPath(p)) {
    const el = document.getElementById(fieldDomId(p));
    if (!el) continue;
    const question = p === path ? null : el.querySelector<HTMLElement>(`[data-linkid="${CSS.escape(last)}"]`);
    focusIn(question ?? el);
    return true;
  }
  return false;
}
