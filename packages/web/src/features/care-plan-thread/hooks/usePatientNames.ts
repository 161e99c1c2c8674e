import { patientDisplay, type Patient } from '@caseload/core';
import { useMemo } from 'react';
import { useResources } from '../../../data/index.ts';

/**
 * The names of the patients a list names by id (a plan's `patient` reference carries no name),
 * read live from the device's store and the server, written as the patient screens write them.
 */
export function usePatientNames(ids: readonly string[]): Map<string, string> {
  const unique = useMemo(() => [...new Set(ids)], [ids.join('\n')]); // eslint-disable-line react-hooks/exhaustive-deps
  const patients = useResources<Patient>('Patients', unique);
  return useMemo(
    () =>
      new Map(
        patients.flatMap((p, i) =>
          p.item ? [[unique[i]!, patientDisplay({ names: p.item.names ?? [], display: p.item.display })] as [string, string]] : [],
        ),
      ),
    [patients, unique],
  );
}
