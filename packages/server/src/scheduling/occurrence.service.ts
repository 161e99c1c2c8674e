import {
  practiceTimeZone,
  badRequest,
  isOccurrenceOf,
  splitSeries,
  withException,
  type Appointment,
  type OccurrenceEditAnswer,
  type OccurrenceEditBody,
} from '@caseload/core';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import { APPOINTMENT } from './appointment-note.service.ts';

const refused = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** The fields of a stored copy of a series' appointment: the series' own, less its identity and rule. */
function copyOf(head: Appointment): Record<string, unknown> {
  const { id: _id, meta: _meta, created: _created, recurrence: _r, conflictOverride: _c, occurrenceOf: _o, ...fields } = head;
  return fields;
}

/**
 * Edits of a recurring series (docs/scheduling.md, "Recurrence"), in one transaction as the
 * caller (each write checked, audited and run through the Appointment rules: statuses, conflicts):
 * - `this`: the occurrence becomes an appointment of its own (`occurrenceOf` names the series and
 *   its original start), moved, given a status (cancelled) or as it is; the series gets the
 *   original start as an exception, so it is never shown twice;
 * - `thisAndFollowing`: the series is cut there (`splitSeries`): the old one ends before it, a new
 *   series starts at it with the new times and the rest of the count. Cutting at the first
 *   occurrence changes the whole series instead.
 */
export async function editOccurrence(
  repo: ResourceRepository,
  id: string,
  body: OccurrenceEditBody,
): Promise<{ status: 200; body: OccurrenceEditAnswer }> {
  const head = (await repo.read(APPOINTMENT, id)) as Appointment;
  if (!head.recurrence) throw refused('originalStart', 'This appointment does not recur.');
  const preferences = await loadPracticePreferences(repo.queryable, repo.system.practiceId);
  const timeZone = practiceTimeZone(preferences);
  const series = { start: head.start, end: head.end, recurrence: head.recurrence };
  if (!isOccurrenceOf(series, timeZone, body.originalStart) || head.recurrence.exceptions?.includes(body.originalStart)) {
    throw refused('originalStart', `${body.originalStart} is not an occurrence of this series.`);
  }
  const length = Date.parse(head.end) - Date.parse(head.start);
  const start = body.start ?? body.originalStart;
  const end = body.end ?? new Date(Date.parse(start) + length).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const override = body.overrideConflicts ? { overrideConflicts: true } : {};

  if (body.scope === 'this') {
    const written = await repo.update(
      APPOINTMENT,
      head.id,
      { ...head, recurrence: withException(head.recurrence, body.originalStart) },
      body.versionId,
    );
    const occurrence = await repo.create(APPOINTMENT, {
      ...copyOf(head),
      start,
      end,
      status: body.status ?? head.status,
      occurrenceOf: { appointment: { resourceType: 'Appointment', id: head.id }, originalStart: body.originalStart },
      ...override,
    });
    return { status: 200, body: { series: written.resource as Appointment, occurrence: occurrence.resource as Appointment } };
  }

  if (body.status !== undefined) throw refused('status', 'A status is given to one occurrence at a time (scope this).');
  if (body.originalStart === head.start) {
    const whole = await repo.update(APPOINTMENT, head.id, { ...head, start, end, ...override }, body.versionId);
    return { status: 200, body: { series: whole.resource as Appointment } };
  }
  const { before, after } = splitSeries(series, timeZone, body.originalStart);
  const written = await repo.update(APPOINTMENT, head.id, { ...head, recurrence: before }, body.versionId);
  const newSeries = await repo.create(APPOINTMENT, { ...copyOf(head), start, end, recurrence: after, ...override });
  return { status: 200, body: { series: written.resource as Appointment, newSeries: newSeries.resource as Appointment } };
}
