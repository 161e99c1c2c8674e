import { resourceSchemaFor } from '@caseload/core';
import { Button, Group, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { FormErrorAlert } from '../../../../ui/FormErrorAlert.tsx';
import { AddressRows, ContactPointRows, useChartRecordForm, withAddressLines, withoutEmptyContacts } from '../../../patients/index.ts';
import { usePortal } from '../../hooks/usePortal.ts';
import type { PortalPerson } from '../../store/portal-context.ts';

/** The two contact fields a portal login may change (docs/access.md, the portal table). */
export type ContactField = 'telecom' | 'addresses';

export interface ContactEditorProps {
  field: ContactField;
  /** Its title, also the form's accessible name. */
  title: string;
  /** What to start from: the record, or a refused edit's values to try again. */
  values: PortalPerson;
  onClose: () => void;
}

/** The field laid out for typing, with one empty row when there is none yet (dropped again if left empty). */
function withFirstRow(field: ContactField, person: PortalPerson): PortalPerson {
  if (field === 'addresses') {
    const laidOut = withAddressLines(person);
    return laidOut.addresses?.length ? laidOut : { ...laidOut, addresses: [{ use: 'Home', line: ['', ''], city: '', postalCode: '' }] };
  }
  return person.telecom?.length ? person : { ...person, telecom: [{ system: 'Phone', use: 'Mobile', value: '' }] };
}

/**
 * Edits one contact field of the person's own record in place (a phone's screen has no room for
 * a dialog over it), checked by core's schema of the record and saved through the write queue.
 * Only that field is written: every other field goes back as the record has it, so the update
 * stays within what the portal may change.
 */
export function ContactEditor({ field, title, values, onClose }: ContactEditorProps) {
  const { person, collection } = usePortal();
  const ref = useRef<HTMLFormElement>(null);
  const { form, submit, onSubmit } = useChartRecordForm<PortalPerson>({
    collection,
    schema: resourceSchemaFor(person.resourceType)!,
    values: { ...person, [field]: values[field] },
    opened: true,
    prepare: (r) => withFirstRow(field, r),
    clean: (r) => ({ ...person, [field]: withoutEmptyContacts(r)[field] }),
    onSaved: onClose,
  });
  // Keyboard users land in the form they opened: after the form's first reset, which renders its
  // rows again (new keys), so an input focused before it would be gone.
  useEffect(() => {
    const frame = requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('input, button')?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <form ref={ref} aria-label={title} noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {field === 'telecom' ? <ContactPointRows form={form} /> : <AddressRows form={form} />}
        <FormErrorAlert error={submit.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={submit.pending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
