import type { CarePlan, EpisodeOfCare, Patient, Practitioner } from '@caseload/core';
import { useNavigate } from 'react-router';
import { useCollection, useResource, useUpsert } from '../../../data/index.ts';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { profileReference, useCurrentPractice, usePracticeTime } from '../../practice/index.ts';
import { newCarePlanDraft } from '../utils/new-plan.ts';
import { carePlanPath } from '../utils/plan-paths.ts';

/** Starts a plan for the patient: the first draft stored on the device (queued for the server), then the editor opens it. */
export function useNewCarePlan(patientId: string): Submit<[]> {
  const upsert = useUpsert<CarePlan>('CarePlans');
  const navigate = useNavigate();
  const clock = usePracticeTime();
  const profile = profileReference(useCurrentPractice().current);
  const practitioner = useResource<Practitioner>('Practitioners', profile?.resourceType === 'Practitioner' ? profile.id : undefined);
  const patient = useResource<Patient>('Patients', patientId);
  const episodes = useCollection<EpisodeOfCare>('EpisodesOfCare', { partition: patientId });
  return useSubmit(async () => {
    const draft = newCarePlanDraft({
      patient: { resourceType: 'Patient', id: patientId, ...(patient.item?.display && { display: patient.item.display }) },
      // The care team names the clinician with their name, so every list can show it.
      me: practitioner.item
        ? {
            resourceType: 'Practitioner',
            id: practitioner.item.id,
            ...(practitioner.item.display && { display: practitioner.item.display }),
          }
        : profile?.resourceType === 'Practitioner'
          ? profile
          : undefined,
      episodes: episodes.items,
      today: clock.dateOf(new Date()),
    });
    const saved = await upsert(draft);
    navigate(carePlanPath(patientId, saved.id));
  });
}
