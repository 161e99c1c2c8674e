import type { Coding } from '../people/types.ts';

/** A resource as a picker may offer it: its name (or display) and, for a service, its billing code. */
export interface PickableResource {
  id: string;
  resourceType?: string;
  name?: unknown;
  display?: string;
  code?: Coding;
}

/** The name a picker sorts and searches by: `name` when it is plain text, else `display`, else the id. */
export const pickerName = (r: PickableResource): string => (typeof r.name === 'string' && r.name.trim()) || r.display?.trim() || r.id;

/**
 * How a picker labels a resource. A service leads with its CPT or HCPCS code, which is what
 * clinicians and billers know it by: "90837 · Psychotherapy, 60 minutes". Everything else is
 * its name.
 */
export function pickerLabel(r: PickableResource): string {
  const code = r.resourceType === 'HealthcareService' ? r.code?.code?.trim() : undefined;
  return code ? `${code} · ${pickerName(r)}` : pickerName(r);
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A picker's order: by name (case- and accent-blind, numbers in number order), then id. */
export const byPickerName = (a: PickableResource, b: PickableResource): number =>
  collator.compare(pickerName(a), pickerName(b)) || collator.compare(a.id, b.id);
