import {
  isoInstant,
  practiceTimeZone,
  AppError,
  ErrorCodes,
  MESSAGES,
  expandOccurrences,
  getResourceType,
  hasFlag,
  headsOwnTime,
  notFound,
  occurrenceStatus,
  type Appointment,
} from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import { calendarFeedReadAudit } from '../audit/system-audit.ts';
import type { Queryable } from '../db/database.ts';
import type { ResourceScope } from '../http/resource-scope.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import { SystemReader } from '../storage/system-reader.ts';
import { createFeed, findFeed, revokeFeed } from './calendar-feed.store.ts';
import { icalendar, type FeedEvent } from './icalendar.ts';
import { practitionerAppointments } from './practitioner-appointments.ts';

const PRACTITIONER = getResourceType('Practitioner')!;
const DAY = 86_400_000;
/** What a feed covers: the last month and the next three. */
const PAST_DAYS = 31;
const FUTURE_DAYS = 92;

/** The path of a feed; the token is its only credential. */
export const feedPath = (token: string) => `/api/v1/calendar-feeds/${token}.ics`;

/**
 * A clinician's own feed, or anyone's with CanManageSchedules; ViewScheduler either way. The
 * practitioner is read as the caller (a 404 for an unknown one, audited like any read).
 */
async function assertMayManageFeed(scope: ResourceScope, practitionerId: string): Promise<void> {
  const permissions = scope.ctx.access.principal.permissions;
  const own = scope.ctx.actor?.resourceType === 'Practitioner' && scope.ctx.actor.id === practitionerId;
  if (!hasFlag(permissions, 'scheduler', 'ViewScheduler') || (!own && !hasFlag(permissions, 'scheduler', 'CanManageSchedules'))) {
    throw new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, {
      cause: 'a calendar feed is its clinician’s, or needs scheduler:CanManageSchedules',
    });
  }
  await scope.repo.read(PRACTITIONER, practitionerId);
}

/** `POST Practitioners/{id}/calendar-feed`: a new feed URL (the old one stops working). */
export async function issueFeed(scope: ResourceScope, practitionerId: string, publicUrl: string) {
  await assertMayManageFeed(scope, practitionerId);
  const token = await scope.ctx.db.transaction((tx) =>
    createFeed(tx, scope.ctx.practiceId, practitionerId, scope.ctx.accountId ?? 'unknown'),
  );
  const preferences = await loadPracticePreferences(scope.ctx.db, scope.ctx.practiceId);
  return { url: `${publicUrl}${feedPath(token)}`, showsPatientNames: preferences.calendarFeedShowsPatientNames };
}

/** `DELETE Practitioners/{id}/calendar-feed`: the feed URL stops working (404 from then on). */
export async function withdrawFeed(scope: ResourceScope, practitionerId: string): Promise<void> {
  await assertMayManageFeed(scope, practitionerId);
  if (!(await revokeFeed(scope.ctx.db, scope.ctx.practiceId, practitionerId))) throw notFound('no live calendar feed');
}

const STATUS: Record<string, FeedEvent['status']> = {
  proposed: 'TENTATIVE',
  pending: 'TENTATIVE',
  waitlist: 'TENTATIVE',
  cancelled: 'CANCELLED',
  noshow: 'CANCELLED',
};

/**
 * The feed a token opens, as iCalendar text (docs/scheduling.md, "The iCalendar feed"): the
 * clinician's appointments of the last month and next three, series expanded in the practice's
 * zone, entered-in-error left out (and cancelled and no-show too under
 * hideNoShowCancelledAppointments). Each event says "Appointment" and, when set, the service and
 * location; the patient's name only under calendarFeedShowsPatientNames. No reason, comment or
 * diagnosis ever. Read as the server (the token is the credential; the clinician may see their
 * own schedule) and audited as a query by the feed's clinician. An unknown or revoked token is a 404.
 */
export async function readFeed(db: Queryable, audit: AuditWriter, token: string, now: Date): Promise<string> {
  const feed = await findFeed(db, token);
  if (!feed) throw notFound('unknown or revoked calendar feed');
  const preferences = await loadPracticePreferences(db, feed.practiceId);
  const timeZone = practiceTimeZone(preferences);
  const from = new Date(now.getTime() - PAST_DAYS * DAY);
  const to = new Date(now.getTime() + FUTURE_DAYS * DAY);
  const { stored, heads } = await practitionerAppointments(new SystemReader(db, feed.practiceId), feed.practitionerId, from, to);
  const hidden = ['entered-in-error', ...(preferences.hideNoShowCancelledAppointments ? ['cancelled', 'noshow'] : [])];
  const describe = (a: Appointment) => {
    const who = preferences.calendarFeedShowsPatientNames ? a.attendees?.[0]?.subject?.display : undefined;
    return [who ?? 'Appointment', a.serviceType?.display].filter(Boolean).join(': ');
  };
  const events: FeedEvent[] = [];
  for (const a of stored.filter(headsOwnTime)) {
    if (hidden.includes(a.status)) continue;
    events.push({
      uid: `${a.id}@caseload`,
      start: a.start,
      end: a.end,
      summary: describe(a),
      location: a.location?.display,
      status: STATUS[a.status] ?? 'CONFIRMED',
      lastModified: a.meta.lastModified,
    });
  }
  for (const head of heads) {
    const status = occurrenceStatus(head.status);
    if (hidden.includes(status)) continue;
    for (const o of expandOccurrences({ start: head.start, end: head.end, recurrence: head.recurrence! }, timeZone, from, to)) {
      if (o.originalStart === head.start) continue;
      events.push({
        uid: `${head.id}-${o.originalStart.replace(/[-:]/g, '')}@caseload`,
        start: o.start,
        end: o.end,
        summary: describe(head),
        location: head.location?.display,
        status: STATUS[status] ?? 'CONFIRMED',
      });
    }
  }
  events.sort((a, b) => a.start.localeCompare(b.start));
  await audit.record(
    calendarFeedReadAudit(feed.practiceId, feed.practitionerId, events.length, Boolean(preferences.calendarFeedShowsPatientNames)),
  );
  return icalendar((preferences as { practiceName?: string }).practiceName ?? 'Caseload', events, isoInstant(now));
}
