import { getResourceType, type Reference, type ScribeFormat, isoInstant } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { Database } from '../db/database.ts';
import { generateDraft } from '../scribe/note-draft.service.ts';
import { createScribeSession } from '../scribe/scribe-session.service.ts';
import { importTranscript } from '../scribe/transcript-import.service.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';
import { systemContext } from '../storage/system-repository.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { localInstant, type DemoCalendar } from './demo-calendar.ts';
import { demoId } from './demo-ids.ts';
import { isStored } from './demo-note-configuration.writer.ts';

/**
 * The demo's scribe sessions: an imported Teams-style WebVTT and a speaker-labelled text, each
 * drafted and awaiting review, and the last open day's Zoom-style SRT, imported but not yet drafted.
 * Each on an open day before today (every demo instant is before today's midnight: demo-calendar.ts).
 */
const SESSIONS: {
  key: string;
  /** Which open day before today: 1 the last. */
  openDaysAgo: number;
  format: ScribeFormat;
  transcript: { format: 'vtt' | 'srt' | 'text'; text: string };
  /** Drafted already (else the transcript waits for "Generate"). */
  drafted: boolean;
}[] = [
  {
    key: 'scribe:birp',
    openDaysAgo: 3,
    format: 'BIRP',
    drafted: true,
    transcript: {
      format: 'vtt',
      text: [
        'WEBVTT',
        '',
        '00:00:02.000 --> 00:00:05.000',
        '<v Therapist>Good to see you again, come on in.</v>',
        '',
        '00:00:06.000 --> 00:00:13.500',
        "<v Client>This week was rough. I had two panic attacks at work and I couldn't sleep.</v>",
        '',
        '00:00:14.000 --> 00:00:18.000',
        '<v Therapist>How many hours are you sleeping?</v>',
        '',
        '00:00:18.500 --> 00:00:20.000',
        '<v Client>About four.</v>',
        '',
        '00:00:21.000 --> 00:00:28.000',
        "<v Therapist>Let's practise the box breathing exercise together for a few minutes.</v>",
        '',
        '00:03:40.000 --> 00:03:45.000',
        '<v Client>That helped, I feel calmer now.</v>',
        '',
        '00:03:46.000 --> 00:03:55.000',
        '<v Therapist>For homework, keep a panic log this week and we will review it next session.</v>',
        '',
      ].join('\n'),
    },
  },
  {
    key: 'scribe:girpp',
    openDaysAgo: 2,
    format: 'GIRPP',
    drafted: true,
    transcript: {
      format: 'text',
      text: [
        'Clinician: Our goal is to get you back to walking three days a week.',
        'Patient: Since last session I walked twice, which is more often than before.',
        "Clinician: Let's review behavioural activation and plan small activities for the weekend.",
        'Patient: I like that, it feels doable.',
        'Clinician: Next session we will check your activity log.',
      ].join('\n'),
    },
  },
  {
    key: 'scribe:dap',
    openDaysAgo: 1,
    format: 'DAP',
    drafted: false,
    transcript: {
      format: 'srt',
      text: [
        '1',
        '00:00:01,000 --> 00:00:04,000',
        'Clinician: How has your mood been since we last met?',
        '',
        '2',
        '00:00:04,500 --> 00:00:12,000',
        'Patient: Mostly low. I stopped going to the gym and I have been skipping meals.',
        '',
        '3',
        '00:00:12,500 --> 00:00:20,000',
        "Clinician: Let's look at what got in the way and pick one small step for this week.",
        '',
        '4',
        '00:00:20,500 --> 00:00:26,000',
        'Patient: I could walk to work on Monday and Thursday.',
        '',
        '5',
        '00:00:26,500 --> 00:00:33,000',
        'Clinician: Mood appears low but you are engaged; we will review the walking plan next session.',
        '',
      ].join('\n'),
    },
  },
];

/** Writes the demo's scribe sessions for one patient and clinician; sessions already stored are kept. */
export async function writeScribeDemo(
  db: Database,
  audit: AuditWriter,
  input: { practiceId: string; seed: number; calendar: DemoCalendar; patient: Reference; clinician: Reference },
): Promise<number> {
  const { practiceId, seed, calendar, patient, clinician } = input;
  let written = 0;
  const openDays = calendar.days.filter((d) => d.open).map((d) => d.date);
  for (const session of SESSIONS) {
    const encounterId = demoId(seed, 'Encounter', session.key);
    if (await isStored(db.pool, practiceId, 'Encounter', encounterId)) continue;
    const date = openDays[openDays.length - session.openDaysAgo];
    if (!date) continue;
    // Noon: the hour no clinician's weekly slots use (demo-caseloads.ts), so no session overlaps one.
    const start = localInstant(calendar, date, '12:00');
    const ctx = systemContext(db, audit, practiceId, WRITE_RULES, () => new Date(start.getTime() + 60 * 60 * 1000));
    const repo = new ResourceRepository(ctx);
    await repo.update(getResourceType('Encounter')!, encounterId, {
      resourceType: 'Encounter',
      id: encounterId,
      partition: patient.id,
      participants: [{ role: 'PrimaryPerformer', individual: clinician }],
      visitStatus: 'Show',
      sessionTime: { mode: 'DurationMinutes', start: isoInstant(start), minutes: 50 },
    });
    const created = await repo.inTransaction((tx) =>
      createScribeSession(tx, ctx, {
        partition: patient.id,
        encounter: { resourceType: 'Encounter', id: encounterId },
        format: session.format,
        author: clinician,
      }),
    );
    await repo.inTransaction((tx) => importTranscript(tx.queryable, ctx, created.id, session.transcript));
    if (session.drafted) await generateDraft(repo, ctx, { timeoutMs: 1000 }, created.id, { format: session.format });
    // One more than before the session's Dialogue, which the import writes with its Transcription.
    written += session.drafted ? 6 : 5;
  }
  return written;
}
