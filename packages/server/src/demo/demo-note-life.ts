import {
  daysBetween,
  signatureRequirements,
  type Encounter,
  type NoteDefinition,
  type NoteSection,
  type NoteTemplate,
  type Reference,
  type SignatureConfiguration,
} from '@caseload/core';
import type { Faker } from '@faker-js/faker';
import { addMinutes, clockTime, localInstant, workingDayAfter, type DemoCalendar } from './demo-calendar.ts';
import type { StoredInstruments } from './demo-assessments.ts';
import type { CaseloadPlan } from './demo-caseloads.ts';
import type { DemoNoteConfiguration } from './demo-note-configuration.ts';
import type { NoteLife } from './demo-note-versions.ts';
import { AMENDMENTS } from './demo-narratives.ts';
import type { DemoSetup } from './demo-setup.generator.ts';
import type { DemoStaffMember } from './demo-staff.generator.ts';

/** Everything a patient's clinical activity is generated from. */
export interface ActivityContext {
  seed: number;
  calendar: DemoCalendar;
  setup: DemoSetup;
  config: DemoNoteConfiguration;
  /** The published signature configurations, as signing reads them. */
  signatureConfigurations: SignatureConfiguration[];
  instruments: StoredInstruments;
  plan: CaseloadPlan;
}

/**
 * A note's sections as the New note dialog starts them (web notes/utils/note-draft.ts
 * `sectionsFrom`): each of the definition's sections in order, prefilled from the template.
 */
export function sectionsFrom(definition: Pick<NoteDefinition, 'sections'>, template?: Pick<NoteTemplate, 'sections'>): NoteSection[] {
  return definition.sections.map((s) => {
    const prefill = template?.sections.find((t) => t.key === s.key);
    return {
      key: s.key,
      title: s.title,
      kind: s.kind,
      ...(s.form && { form: s.form }),
      ...(prefill?.narrative !== undefined && { narrative: prefill.narrative }),
      ...(prefill?.answers !== undefined && { answers: prefill.answers }),
      ...(s.shared && { shared: true }),
    };
  });
}

/** The chance a session's note is still unsigned, by how many days ago the session was. */
function unsignedChance(daysAgo: number): number {
  if (daysAgo <= 1) return 0.5;
  if (daysAgo <= 3) return 0.12;
  if (daysAgo <= 7) return 0.04;
  return daysAgo <= 21 ? 0.01 : 0;
}

/** A working-hours time on the first day the practice is open `days` after the date. */
function workingTimeAfter(
  faker: Faker,
  calendar: DemoCalendar,
  date: string,
  days: number,
  from = 8 * 60,
  to = 16 * 60 + 30,
): { date: string; at: Date } {
  const day = workingDayAfter(date, days);
  return { date: day, at: localInstant(calendar, day, clockTime(faker.number.int({ min: from / 5, max: to / 5 }) * 5)) };
}

export interface LifeInput {
  /** The session's local date and end. */
  date: string;
  end: Date;
  encounter: Pick<Encounter, 'program' | 'serviceType'>;
  kind: NoteDefinition['noteKind'];
  author: DemoStaffMember;
  shell: NoteSection[];
  /** The sections as the clinician finished them, and as far as an unfinished draft got. */
  complete: NoteSection[];
  draft: NoteSection[];
  /** False for notes that were created with their content (group notes). */
  typedLater?: boolean;
  /** Signed the day of the session and left as signed (the safety plan's note). */
  signedSameDay?: boolean;
}

/**
 * When a note was started, written, signed, co-signed, amended or entered in error: recent
 * sessions are more often unsigned; an unlicensed author's signature waits for the supervisor's
 * (signatureRequirements, the signing call's own rule), co-signed a working day or three later
 * unless that is still to come. Nothing happens at or after the calendar's horizon.
 */
export function noteLife(faker: Faker, ctx: ActivityContext, input: LifeInput): NoteLife {
  const { calendar } = ctx;
  const created = addMinutes(input.end, faker.number.int({ min: 3, max: 10 }));
  const written = addMinutes(created, faker.number.int({ min: 6, max: 25 }));
  const typed = input.typedLater !== false;
  const start = { at: created, sections: typed ? input.shell : input.complete, completion: typed ? 'NotStarted' : 'InProgress' } as const;
  const daysAgo = daysBetween(input.date, calendar.today);
  const unsigned = faker.datatype.boolean(unsignedChance(daysAgo)) && !input.signedSameDay;
  const delay = input.signedSameDay
    ? 0
    : faker.helpers.weightedArrayElement([
        { value: 0, weight: 60 },
        { value: 1, weight: 30 },
        { value: 2, weight: 10 },
      ]);
  const signing =
    delay === 0
      ? { date: input.date, at: addMinutes(written, faker.number.int({ min: 1, max: 40 })) }
      : workingTimeAfter(faker, calendar, input.date, delay);
  const signedAt = signing.at;
  if (unsigned || signedAt >= calendar.horizon) {
    const started = faker.datatype.boolean(0.8);
    return { created: start, ...(typed && started && { written: { at: written, sections: unsigned ? input.draft : input.complete } }) };
  }
  const author = input.author.practitioner;
  const requirements = signatureRequirements({
    note: { kind: input.kind ?? 'Note' },
    encounter: input.encounter,
    author: { id: author.id, display: author.display, licences: author.licences, supervisors: author.supervisors },
    configurations: ctx.signatureConfigurations,
    // The practice-wide exclusions (signatureServiceTypeExclusions): the demo's preferences keep the default, none.
    excludedServiceTypeIds: [],
    date: input.date,
  });
  const life: NoteLife = {
    created: start,
    ...(typed && { written: { at: written, sections: input.complete } }),
    signed: { at: signedAt, requirements },
  };
  if (requirements.coSign) {
    const { at } = workingTimeAfter(faker, calendar, signing.date, faker.number.int({ min: 1, max: 3 }), 8 * 60 + 30);
    const by = requirements.coSign.signers[0];
    if (by && at < calendar.horizon) life.coSigned = { at, by };
    return life;
  }
  const amendedAt = workingTimeAfter(faker, calendar, signing.date, faker.number.int({ min: 1, max: 3 })).at;
  if (input.signedSameDay) return life;
  if (faker.datatype.boolean(0.04) && amendedAt < calendar.horizon) {
    const [reason, addition] = faker.helpers.arrayElement(AMENDMENTS);
    const lastNarrative = input.complete.filter((s) => s.kind === 'Narrative').at(-1)?.key;
    const sections = input.complete.map((s) =>
      s.key === lastNarrative ? { ...s, narrative: `${s.narrative ?? ''}<p>${addition}</p>` } : s,
    );
    life.amended = { at: amendedAt, reason, sections };
  } else if (faker.datatype.boolean(0.02) && amendedAt < calendar.horizon) {
    life.enteredInError = { at: amendedAt, reason: "Written in the wrong patient's chart; documented again in the right one." };
  }
  return life;
}

/** A bare reference to a practitioner, as the server records the acting profile. */
export const actorRef = (member: DemoStaffMember): Reference => ({ resourceType: 'Practitioner', id: member.practitioner.id });
