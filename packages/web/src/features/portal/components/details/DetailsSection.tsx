import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { FailedEditAlert, useFailedEdit } from '../../../patients/index.ts';
import { useCan } from '../../../practice/index.ts';
import { usePortal } from '../../hooks/usePortal.ts';
import type { PortalPerson } from '../../store/portal-context.ts';
import { AboutCard } from './AboutCard.tsx';
import { ContactCard } from './ContactCard.tsx';
import type { ContactField } from './ContactEditor.tsx';

const TITLES: Record<ContactField, string> = { telecom: 'Phones and e-mails', addresses: 'Addresses' };

/**
 * `/my-details`: the person's own record. Name and birth date are shown; the phones, e-mails and
 * addresses may be changed where the portal table allows it (core's `profileCan` with the fields
 * each form writes). A change the server refuses is said above the cards, with the typed values
 * a click away.
 */
export function DetailsSection() {
  const { person, collection } = usePortal();
  useDocumentTitle('Your details · Caseload');
  const editable: Record<ContactField, boolean> = {
    telecom: useCan('Update', person.resourceType, ['telecom']),
    addresses: useCan('Update', person.resourceType, ['addresses']),
  };
  const [editing, setEditing] = useState<{ field: ContactField; from: PortalPerson }>();
  const [lastField, setLastField] = useState<ContactField>('telecom');
  const { failures, dismiss } = useFailedEdit(collection, person.id);
  const open = (field: ContactField, from: PortalPerson = person) => {
    setLastField(field);
    setEditing({ field, from });
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={26}>
          Your details
        </Title>
        <Text c="dimmed">What your care team has on file for you.</Text>
      </div>
      {failures && (
        <FailedEditAlert
          failures={failures}
          what={`your ${TITLES[lastField].toLowerCase()}`}
          onEditAgain={
            editable[lastField]
              ? () => {
                  open(lastField, failures.latest.item as PortalPerson);
                  dismiss();
                }
              : undefined
          }
          onDismiss={dismiss}
        />
      )}
      <AboutCard />
      {(['telecom', 'addresses'] as const).map((field) => (
        <ContactCard
          key={field}
          field={field}
          title={TITLES[field]}
          editable={editable[field]}
          editing={editing?.field === field ? editing.from : undefined}
          onEdit={() => open(field)}
          onClose={() => setEditing(undefined)}
        />
      ))}
    </Stack>
  );
}
