import { isLicensedOn, type Condition, type EpisodeOfCare, type Patient, type Resource } from '@caseload/core';
import type { Faker } from '@faker-js/faker';
import { isMeasured } from './demo-assessments.ts';
import type { DemoCalendar } from './demo-calendar.ts';
import { themeOf, type Theme } from './demo-narratives.ts';
import type { DemoStaffMember } from './demo-staff.generator.ts';

/**
 * Who sees whom, and when (docs/demo.md): the caseloads of the clinicians who document in the
 * demo (every clinician with a sign-in, and every unlicensed clinician, whose notes a supervisor
 * co-signs), each patient in a weekly time slot of their primary clinician, seen every one, two or
 * four weeks, so that no two of a clinician's sessions overlap. Worked out from the charts of the
 * first patients (ACTIVITY_PATIENTS), whatever the size of the population.
 */

/** Only the first thousand patients have clinical activity (the demo's population; a larger practice adds none). */
export const ACTIVITY_PATIENTS = 1_000;

export type Style = 'therapist' | 'prescriber' | 'caseManager';

/** What a patient's activity is generated from, read off the generated chart. */
export interface ChartFacts {
  n: number;
  patient: Patient;
  /** The open episode of care, and its diagnoses, primary first. */
  episode?: EpisodeOfCare;
  conditions: Condition[];
  medications: string[];
  minor: boolean;
  theme: Theme;
  primaryClinicianId?: string;
}

export interface CaseloadEntry {
  facts: ChartFacts;
  clinician: DemoStaffMember;
  style: Style;
  /** 1 Monday ... 5 Friday, and the session's start in minutes after local midnight. */
  weekday: number;
  startMinute: number;
  /** Seen in the weeks `w` where `w % every === phase`. */
  every: number;
  phase: number;
}

export interface CaseloadPlan {
  entries: Map<number, CaseloadEntry>;
  /** The patient whose last PHQ-9 answers item 9 above "Not at all" (one of the Practitioner sign-in's). */
  item9Patient?: number;
  /** The weekly skills group: its facilitator and members (patient numbers). */
  group?: { facilitator: DemoStaffMember; members: number[] };
}

const STYLE: Record<string, Style> = {
  Practitioner: 'therapist',
  'Non-Prescribing Clinician': 'therapist',
  Supervisor: 'therapist',
  'Prescribing Clinician': 'prescriber',
  'Case Management': 'caseManager',
};

const hours = (...h: number[]) => h.map((x) => x * 60);
/** Each style's weekly start times: therapists' hours end by 17:00 (the group meets at 17:30 on Thursdays). */
const STARTS: Record<Style, number[]> = {
  therapist: hours(8, 9, 10, 11, 13, 14, 15, 16),
  prescriber: [...hours(8, 9, 10, 11, 13, 14, 15, 16), ...hours(8, 9, 10, 11, 13, 14, 15, 16).map((m) => m + 30)].sort((a, b) => a - b),
  caseManager: hours(9, 10, 11, 13, 14, 15, 16),
};

/** The facts of patient `n`'s generated chart (its records, the Patient first), on the local date `today`. */
export function chartFacts(n: number, records: readonly Resource[], today: string): ChartFacts {
  const patient = records[0] as Patient;
  const episodes = records.filter((r) => r.resourceType === 'EpisodeOfCare') as EpisodeOfCare[];
  const episode = episodes.find((e) => e.status === 'active');
  const byId = new Map(records.filter((r) => r.resourceType === 'Condition').map((c) => [c.id, c as Condition]));
  const conditions = (episode?.diagnoses ?? []).map((d) => byId.get(d.condition.id)).filter((c): c is Condition => c !== undefined);
  const birth = patient.birthDate ?? '1980-01-01';
  const adulthood = `${Number(birth.slice(0, 4)) + 18}${birth.slice(4)}`;
  return {
    n,
    patient,
    episode,
    conditions,
    medications: records.filter((r) => r.resourceType === 'Medication').map((m) => String((m as { name?: string }).name)),
    minor: adulthood > today,
    theme: themeOf((conditions[0]?.code as { code?: string } | undefined)?.code),
    primaryClinicianId: patient.careTeam?.[0]?.member.id,
  };
}

/** The clinicians whose patients get sessions and notes: the demo sign-ins' and the unlicensed ones'. */
export function documentingClinicians(staff: readonly DemoStaffMember[], calendar: DemoCalendar): DemoStaffMember[] {
  return staff.filter((s) => s.clinician && STYLE[s.role] && (s.signIn || !isLicensedOn(s.practitioner, calendar.today)));
}

/**
 * Each documenting clinician's patients (primary clinician, an open episode that began before
 * today), in patient order, given a slot and a cadence: `faker` picks how often each is seen;
 * patients sharing a slot are seen in different weeks.
 */
export function planCaseloads(
  faker: Faker,
  seed: number,
  facts: readonly ChartFacts[],
  staff: readonly DemoStaffMember[],
  calendar: DemoCalendar,
): CaseloadPlan {
  const entries = new Map<number, CaseloadEntry>();
  const clinicians = documentingClinicians(staff, calendar);
  for (const clinician of clinicians) {
    const style = STYLE[clinician.role]!;
    const starts = STARTS[style];
    const slots = starts.length * 5;
    const patients = facts.filter(
      (f) => f.primaryClinicianId === clinician.practitioner.id && f.episode && (f.episode.period?.start ?? '') < calendar.today,
    );
    const sharing = Math.max(1, Math.ceil(patients.length / slots));
    patients.forEach((f, k) => {
      faker.seed([seed, f.n, 1]);
      const wanted =
        style === 'prescriber'
          ? 4
          : style === 'caseManager'
            ? 2
            : faker.helpers.weightedArrayElement([
                { value: 1, weight: 35 },
                { value: 2, weight: 50 },
                { value: 4, weight: 15 },
              ]);
      const every = sharing * Math.ceil(wanted / sharing);
      const slot = k % slots;
      const phase = Math.floor(k / slots) + sharing * faker.number.int({ min: 0, max: every / sharing - 1 });
      entries.set(f.n, {
        facts: f,
        clinician,
        style,
        weekday: 1 + Math.floor(slot / starts.length),
        startMinute: starts[slot % starts.length]!,
        every,
        phase,
      });
    });
  }
  const facilitator = clinicians.find((c) => c.role === 'Practitioner' && c.signIn);
  if (!facilitator) return { entries };
  const item9Patient = [...entries.values()].find((e) => e.clinician === facilitator && !e.facts.minor && isMeasured(e.facts.theme))?.facts
    .n;
  const members = [...entries.values()]
    .filter(
      (e) =>
        e.clinician === facilitator &&
        !e.facts.minor &&
        e.facts.theme !== 'substance' &&
        (e.facts.episode!.period?.start ?? '') < calendar.firstDay,
    )
    .slice(0, 7)
    .map((e) => e.facts.n);
  return { entries, item9Patient, ...(members.length >= 3 && { group: { facilitator, members } }) };
}
