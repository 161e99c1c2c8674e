import type { Resource } from '@caseload/core';

/** Top-level names said better than their words ("mrn" is "MRN"). */
const NAMES: Record<string, string> = { mrn: 'MRN', npi: 'NPI', ssn: 'SSN', dob: 'Date of birth' };

/** "birthDate" → "birth date". */
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** A list's name for one of its entries: "addresses 2" → "address 2", "names 1" → "name 1". */
const singular = (name: string) =>
  name
    .replace(/ies$/, 'y')
    .replace(/(ss|x|ch|sh)es$/, '$1')
    .replace(/([^s])s$/, '$1');

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Phone 2" or "E-mail 1": a contact point numbered per system, as the forms number them. */
function contactLabel(item: Resource | undefined, index: number): string {
  const telecom = (item as { telecom?: { system?: string }[] } | undefined)?.telecom ?? [];
  const system = telecom[index]?.system ?? 'Phone';
  const n = telecom.slice(0, index + 1).filter((c) => c.system === system).length || index + 1;
  return `${system === 'Email' ? 'E-mail' : 'Phone'} ${n}`;
}

/**
 * A field's path in words, for people reading what an edit changed: "telecom.1.value" is "Phone 2"
 * (numbered per system, as the forms do, from `item`, the copy the path is of), "addresses.0.city"
 * is "Address 1 city", "sections.1.narrative" is "Section 2 narrative".
 */
export function fieldLabel(path: string, item?: Resource): string {
  const parts = path.split('.');
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = parts[i + 1];
    const indexed = next !== undefined && /^\d+$/.test(next);
    if (i === 0 && part === 'telecom' && indexed) {
      out.push(contactLabel(item, Number(next)));
      i++;
      // A contact point's value is the contact point itself.
      if (parts[i + 1] === 'value' && parts.length === i + 2) break;
      continue;
    }
    if (/^\d+$/.test(part)) {
      out.push(String(Number(part) + 1));
      continue;
    }
    const name = i === 0 && NAMES[part] ? NAMES[part] : words(part);
    out.push(indexed ? singular(name) : name);
  }
  return capitalised(out.join(' '));
}
