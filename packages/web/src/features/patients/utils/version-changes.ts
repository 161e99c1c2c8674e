import type { Resource } from '@caseload/core';
import { fieldLabel } from '../../sync/index.ts';

/** A patient record's fields in words, in the order the chart shows them. */
const FIELD_NAMES: Record<string, string> = {
  names: 'Name',
  birthDate: 'Birth date',
  administrativeSex: 'Administrative sex',
  genderIdentity: 'Gender identity',
  sexualOrientation: 'Sexual orientation',
  race: 'Race',
  ethnicity: 'Ethnicity',
  mrn: 'MRN',
  telecom: 'Phone and e-mail',
  addresses: 'Address',
  careTeam: 'Care team',
  alerts: 'Alerts',
  active: 'Active',
  identifiers: 'Identifiers',
  mergedInto: 'Merged into',
  photo: 'Photo',
};
const ORDER = Object.keys(FIELD_NAMES);

/** Fields the server keeps, not what a user changes; `display` is the name again ("Family, Given"). */
const NOT_SHOWN = new Set(['meta', 'id', 'resourceType', 'partition', 'created', 'display']);

/** Parts of a value that say nothing to a reader: code systems, ranks, ids. */
const QUIET_KEYS = new Set(['system', 'rank', 'id', 'resourceType', 'partition', 'versionId', 'use']);

/** "birthDate" → "Birth date", for a field without a name of its own. */
const words = (name: string) => {
  const text = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** A field's value as a person reads it: Yes/No, a coding's or reference's display, a name, an address. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(valueText).filter(Boolean).join('; ');
  const o = value as Record<string, unknown>;
  // A coding or a reference: its words, else its code.
  if (typeof o.display === 'string' && o.display.trim()) return o.display.trim();
  if ('given' in o || 'family' in o)
    return [o.prefix, o.given, o.family, o.suffix]
      .flat()
      .filter((p) => typeof p === 'string' && p)
      .join(' ');
  if ('line' in o || 'city' in o || 'postalCode' in o) {
    return [...((o.line as string[] | undefined) ?? []), o.city, [o.state, o.postalCode].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
  }
  return Object.entries(o)
    .filter(([k]) => !QUIET_KEYS.has(k))
    .map(([, v]) => valueText(v))
    .filter(Boolean)
    .join(', ');
}

/** One line of a version's changes: the field in words and what became of it. */
export interface VersionChange {
  field: string;
  /** "set to Yes", "Yes → No", "removed (was Yes)". */
  change: string;
}

function changeText(before: string, after: string): string {
  if (!before) return `set to ${after}`;
  if (!after) return `removed (was ${before})`;
  return `${before} → ${after}`;
}

/**
 * What one version of a record changed from the one before (none for the first: every field it
 * was created with), field by field in the chart's order, in words: "Active: set to Yes",
 * "Address: 1 Main St, Springfield, WA 98001 → 9 Elm Rd, Springfield, WA 98002". A phone or
 * e-mail is its own line, numbered per system as the form numbers them ("Phone 2: removed (was
 * 555-0102)"); other lists are one line each.
 */
export function versionChanges(before: Resource | undefined, after: Resource): VersionChange[] {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = after as unknown as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => !NOT_SHOWN.has(k))
    .sort((x, y) => rank(x) - rank(y) || x.localeCompare(y));
  const out: VersionChange[] = [];
  for (const key of keys) {
    if (key === 'telecom') {
      out.push(...contactChanges(before, after));
      continue;
    }
    const was = valueText(a[key]);
    const now = valueText(b[key]);
    if (was !== now) out.push({ field: FIELD_NAMES[key] ?? words(key), change: changeText(was, now) });
  }
  return out;
}

const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);

/** Each phone and e-mail that differs, labelled from the version that has it. */
function contactChanges(before: Resource | undefined, after: Resource): VersionChange[] {
  const list = (r: Resource | undefined) => (r as { telecom?: unknown[] } | undefined)?.telecom ?? [];
  const a = list(before);
  const b = list(after);
  const out: VersionChange[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const was = valueText(a[i]);
    const now = valueText(b[i]);
    if (was === now) continue;
    out.push({ field: fieldLabel(`telecom.${i}.value`, i < b.length ? after : before), change: changeText(was, now) });
  }
  return out;
}
