import { type Encounter, type GroupSessionLink, type NoteSection, type Reference, type Resource } from '@caseload/core';
import type { Faker } from '@faker-js/faker';
import { addMinutes, localInstant, noteInstant } from './demo-calendar.ts';
import type { CaseloadEntry } from './demo-caseloads.ts';
import { demoId, demoResource, refTo } from './demo-ids.ts';
import { groupTopicText, participationText } from './demo-narratives.ts';
import { SECTION } from './demo-note-configuration.ts';
import { actorRef, noteLife, sectionsFrom, type ActivityContext } from './demo-note-life.ts';
import { noteVersions } from './demo-note-versions.ts';
import { merge } from './demo-sessions.generator.ts';

/** The weekly CBT skills group: Thursdays, 17:30 to 19:00 at the main office. */
const GROUP_WEEKDAY = 4;
const GROUP_START = '17:30';
const GROUP_MINUTES = 90;

/**
 * A member's part in the weekly skills group (docs/demo.md), as `POST Notes/group-sessions`
 * stores it (notes/note-group.service.ts): per session an Encounter (documentationType GroupNote,
 * Show or NoShow, the session's link with its id, attendance count and facilitator) and a
 * GroupNote whose shared section (the week's topic) is the same for every member, then their own.
 */
export function generateGroupSessions(faker: Faker, ctx: ActivityContext, entry: CaseloadEntry): Resource[][] {
  const group = ctx.plan.group;
  if (!group?.members.includes(entry.facts.n)) return [];
  faker.seed([ctx.seed, entry.facts.n, 3]);
  const { facts } = entry;
  const subject: Reference = { resourceType: 'Patient', id: facts.patient.id, display: facts.patient.display };
  const facilitator = refTo(group.facilitator.practitioner);
  const definition = ctx.config.definitions.group.body;
  const service = ctx.setup.services.find((s) => (s.code as { code: string }).code === '90853')!;
  const office = ctx.setup.locations.find((l) => l.placeOfService?.code === '11')!;
  const diagnoses = facts.conditions.map((c, i) => ({ code: c.code, condition: refTo(c), rank: i + 1 }));
  const out: Resource[][] = [];
  for (const { date, week } of ctx.calendar.days.filter((d) => d.weekday === GROUP_WEEKDAY && d.open)) {
    const key = `${facts.n}:g${week}`;
    const present = faker.datatype.boolean(0.85);
    const start = localInstant(ctx.calendar, date, GROUP_START);
    const end = addMinutes(start, GROUP_MINUTES);
    const link: GroupSessionLink = {
      id: demoId(ctx.seed, 'GroupSession', week),
      present,
      attendeeCount: group.members.length,
      facilitator,
    };
    const encounter = demoResource(ctx.seed, 'Encounter', key, addMinutes(end, 5).toISOString(), {
      partition: subject.id,
      subject,
      participants: [
        { role: 'PrimaryPerformer', individual: facilitator },
        { role: 'Patient', individual: subject },
      ],
      serviceType: refTo(service),
      location: { location: refTo(office), placeOfService: office.placeOfService },
      ...(facts.episode && { program: facts.episode.programs[0]!.program, episodeOfCare: refTo(facts.episode) }),
      visitStatus: present ? 'Show' : 'NoShow',
      visitMode: 'InPerson',
      sessionTime: { mode: 'Duration', start: noteInstant(start), end: noteInstant(end) },
      period: { start: noteInstant(start), end: noteInstant(end) },
      ...(diagnoses.length > 0 && { diagnoses }),
      documentationType: 'GroupNote',
      groupSession: link,
    }) as unknown as Encounter;
    encounter.meta.lastModifiedBy = actorRef(group.facilitator);
    const text = participationText(faker, present);
    const written: NoteSection[] = [
      { key: SECTION.groupTopic, kind: 'Narrative', narrative: groupTopicText(week), shared: true },
      { key: SECTION.participation, kind: 'Narrative', narrative: text.participation },
      ...(text.plan ? [{ key: SECTION.plan, kind: 'Narrative' as const, narrative: text.plan }] : []),
    ];
    const sections = merge(sectionsFrom(definition), written).map((s) => ({ ...s, shared: s.key === SECTION.groupTopic }));
    const life = noteLife(faker, ctx, {
      date,
      end,
      encounter,
      kind: 'GroupNote',
      author: group.facilitator,
      shell: sections,
      complete: sections,
      draft: sections,
      typedLater: false,
    });
    out.push([encounter]);
    out.push(
      noteVersions(
        ctx.seed,
        key,
        {
          resourceType: 'Note',
          partition: subject.id,
          subject,
          kind: 'GroupNote',
          composition: 'Group',
          definition: { resourceType: 'NoteDefinition', id: definition.id, display: definition.name },
          title: definition.name,
          encounter: { resourceType: 'Encounter', id: encounter.id, versionId: encounter.meta.versionId },
          encounterDate: noteInstant(start),
          author: facilitator,
          groupSession: link,
        },
        life,
      ),
    );
  }
  return out;
}
