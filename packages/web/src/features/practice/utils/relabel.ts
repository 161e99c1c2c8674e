import { withPreferenceDefaults } from '@caseload/core';
import { LABEL_KINDS, type PracticeLabels } from './practice-preferences.ts';

const DEFAULT_LABELS = withPreferenceDefaults(undefined).labels;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The word as the practice says it, in the case the text had it ("patients" → "clients"). */
function inCaseOf(found: string, replacement: string): string {
  if (found === found.toLowerCase()) return replacement.toLowerCase();
  if (found === found.toUpperCase() && found.length > 1) return replacement.toUpperCase();
  return replacement.charAt(0).toUpperCase() + replacement.slice(1);
}

/**
 * A fixed text of the product (an area's name, a description, a heading) in the practice's words:
 * each default label, as a whole word, becomes the practice's ("Patients and families" →
 * "Clients and families"). Plurals first, so "Patients" is never read as "Patient" + "s". Text
 * with nothing renamed comes back unchanged.
 */
export function relabel(text: string, labels: PracticeLabels): string {
  let out = text;
  for (const kind of LABEL_KINDS) {
    for (const form of ['plural', 'singular'] as const) {
      const from = DEFAULT_LABELS[kind][form];
      const to = labels[kind][form];
      if (from === to) continue;
      out = out.replace(new RegExp(`\\b${escape(from)}\\b`, 'gi'), (found) => inCaseOf(found, to));
    }
  }
  return out;
}
