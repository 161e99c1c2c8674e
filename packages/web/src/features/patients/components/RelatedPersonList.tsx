import type { Patient, RelatedPerson } from '@caseload/core';
import { Badge, Group, Text } from '@mantine/core';
import type { UseCollectionResult } from '../../../data/index.ts';
import { chartRecordBase } from '../utils/chart-record-actions.ts';
import { personDisplay } from '../utils/chart-record-form-layout.ts';
import { ChartRecordList } from './ChartRecordList.tsx';
import { RelatedPersonForm } from './RelatedPersonForm.tsx';

export interface RelatedPersonListProps {
  patient: Patient;
  state: UseCollectionResult<RelatedPerson>;
}

const nameOf = (p: RelatedPerson) => personDisplay(p.names) || p.display || '';

/** The patient's related persons (family, guardians, representatives): add, edit, remove one entered in error. */
export function RelatedPersonList({ patient, state }: RelatedPersonListProps) {
  return (
    <ChartRecordList<RelatedPerson>
      title="Related persons"
      collection="RelatedPeople"
      patientId={patient.id}
      state={state}
      noun="related person"
      empty="No related persons recorded."
      nameOf={nameOf}
      newRecord={() => ({
        resourceType: 'RelatedPerson',
        ...chartRecordBase(patient),
        names: [{ given: [''], family: '' }],
        telecom: [{ system: 'Phone', use: 'Mobile', value: '' }],
      })}
      instead="Change their relationship or guardian flag instead when it has changed."
      renderItem={(p) => (
        <Group gap="sm">
          <Text fw={500}>{nameOf(p)}</Text>
          {p.relationship && <Badge variant="light">{p.relationship.display ?? p.relationship.code}</Badge>}
          {p.isGuardian && (
            <Badge color="grape" variant="light">
              Guardian
            </Badge>
          )}
          {(p.telecom ?? []).map((c) => (
            <Text key={`${c.system}-${c.value}`} c="dimmed">
              {c.value}
            </Text>
          ))}
        </Group>
      )}
      renderForm={(p) => <RelatedPersonForm {...p} />}
    />
  );
}
