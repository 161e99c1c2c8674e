import { Text } from '@mantine/core';
import { useCan } from '../../../practice/index.ts';
import { usePortal } from '../../hooks/usePortal.ts';
import { addressText } from '../../utils/contact-text.ts';

/** The details card on the portal's home: the phone and address the practice has, or a nudge to add them. */
export function DetailsSummary() {
  const { person } = usePortal();
  const mayAdd = useCan('Update', person.resourceType, ['telecom']);
  const phone = (person.telecom ?? []).find((c) => c.system === 'Phone')?.value;
  const address = person.addresses?.[0];
  if (!phone && !address) {
    return mayAdd ? (
      <Text fz="sm" fw={600} c="var(--mantine-color-anchor)">
        Add a phone number so your care team can reach you.
      </Text>
    ) : null;
  }
  return (
    <Text fz="sm" fw={500}>
      {[phone, address && addressText(address)].filter(Boolean).join(' · ')}
    </Text>
  );
}
