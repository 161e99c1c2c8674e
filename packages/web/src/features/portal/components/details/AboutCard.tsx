import type { Coding, Patient, RelatedPerson } from '@caseload/core';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useResource } from '../../../../data/index.ts';
import { usePortal } from '../../hooks/usePortal.ts';
import { portalDate } from '../../utils/portal-dates.ts';
import { fullName, greetingName } from '../../utils/portal-person.ts';

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" fz="sm" c="dimmed">
            {term}
          </Text>
          <Text component="dd" m={0}>
            {value || '—'}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

const coded = (c: Coding | undefined) => c?.display ?? c?.code ?? '';

/** A related person's facts: who they are and whom they care for (the patient's record, which the portal may read). */
function RelatedPersonFacts({ person, patientId }: { person: RelatedPerson; patientId: string }) {
  const { item: patient } = useResource<Patient>('Patients', patientId);
  return (
    <Facts
      rows={[
        ['Name', fullName(person)],
        ['Relationship', coded(person.relationship)],
        ['Caring for', patient ? fullName(patient) : ''],
      ]}
    />
  );
}

/** The person's name and, for a patient, birth date, as the practice has them: read only, since only the practice changes them. */
export function AboutCard() {
  const { person, patientId } = usePortal();
  const patient = person.resourceType === 'Patient' ? (person as Patient) : undefined;
  const goesBy = greetingName(person);
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="About you">
      <Title order={2} fz="lg" mb="sm">
        About you
      </Title>
      {patient ? (
        <Facts
          rows={[
            ['Name', fullName(patient)],
            ['Goes by', goesBy],
            ['Date of birth', portalDate(patient.birthDate)],
          ]}
        />
      ) : (
        <RelatedPersonFacts person={person as RelatedPerson} patientId={patientId} />
      )}
      <Text fz="sm" c="dimmed" mt="sm">
        If any of this is wrong, tell your care team: only the practice can change it.
      </Text>
    </Card>
  );
}
