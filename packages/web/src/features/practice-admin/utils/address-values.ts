import type { Address } from '@caseload/core';
import type { AddressValues } from '../components/AddressFields.tsx';

/** The form's values for a stored address (empty strings for what is not given). */
export function addressValues(address: Address | undefined): AddressValues {
  return {
    line1: address?.line?.[0] ?? '',
    line2: address?.line?.[1] ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postalCode: address?.postalCode ?? '',
  };
}

/** The address to store from the form's values; undefined when every part is empty. */
export function addressFrom(values: AddressValues, existing?: Address): Address | undefined {
  const line = [values.line1.trim(), values.line2.trim()].filter(Boolean);
  const address: Address = {
    ...existing,
    line: line.length ? line : undefined,
    city: values.city.trim() || undefined,
    state: values.state || undefined,
    postalCode: values.postalCode.trim() || undefined,
    country: existing?.country ?? 'US',
  };
  const given = address.line || address.city || address.state || address.postalCode;
  if (!given) return undefined;
  return JSON.parse(JSON.stringify(address)) as Address;
}
