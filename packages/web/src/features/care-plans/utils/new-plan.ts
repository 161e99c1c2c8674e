import type { CarePlan, EpisodeOfCare, Reference } from '@caseload/core';
import { episodeLabel, refTo } from './plan-refs.ts';

/**
 * A new plan's first draft: Active, starting today, tied to the patient's active episode and its
 * first program, with the writing clinician on the care team. No goals yet.
 */
export function newCarePlanDraft(input: {
  patient: Reference;
  me: Reference | undefined;
  episodes: readonly EpisodeOfCare[];
  today: string;
}): Omit<CarePlan, 'id' | 'meta'> {
  const episode = input.episodes.find((e) => e.status === 'active');
  const program = episode?.programs[0]?.program;
  return {
    resourceType: 'CarePlan',
    partition: input.patient.id,
    patient: input.patient,
    status: 'Active',
    title: 'Treatment plan',
    period: { start: input.today },
    ...(episode && { episodeOfCare: refTo('EpisodeOfCare', episode.id, episodeLabel(episode)) }),
    ...(program && { program }),
    ...(input.me && { careTeam: [input.me] }),
    elements: [],
  };
}
