import {
  CalendarFeedAnswerSchema,
  FreeSlotsAnswerSchema,
  FreeSlotsQuerySchema,
  HEADERS,
  IdSchema,
  OccurrenceEditAnswerSchema,
  OccurrenceEditBodySchema,
  OccurrencesAnswerSchema,
  OccurrencesQuerySchema,
  PracticeIdSchema,
  StartEncounterAnswerSchema,
} from '@caseload/core';
import { Type } from 'typebox';
import { PRACTICE_HEADERS, answer, errors, fileAnswer, noContent, requestHeaders } from '../http/route-schemas.ts';

const tags = ['Scheduling'];
const practice = Type.Object({ practiceId: PracticeIdSchema });
const one = Type.Object({ practiceId: PracticeIdSchema, id: IdSchema });
const headers = requestHeaders(...PRACTICE_HEADERS);

/** The scheduling calls (docs/scheduling.md, docs/api.md). */
export const SCHEDULING_SCHEMAS = {
  occurrences: {
    operationId: 'readCalendar',
    summary: 'Appointments of a window, recurring series expanded',
    tags,
    params: practice,
    querystring: OccurrencesQuerySchema,
    headers,
    response: {
      200: answer(OccurrencesAnswerSchema, 'The entries in start order, and the practice time zone.'),
      ...errors(400, 401, 403, 404),
    },
  },
  freeSlots: {
    operationId: 'findFreeSlots',
    summary: "A clinician's next free slots of a length",
    tags,
    params: practice,
    querystring: FreeSlotsQuerySchema,
    headers,
    response: { 200: answer(FreeSlotsAnswerSchema, 'The slots in start order.'), ...errors(400, 401, 403, 404) },
  },
  editOccurrence: {
    operationId: 'editAppointmentOccurrence',
    summary: 'Move, cancel or store one occurrence of a series, or change it and the ones after it',
    tags,
    params: one,
    headers: requestHeaders(...PRACTICE_HEADERS, HEADERS.idempotencyKey),
    body: OccurrenceEditBodySchema,
    response: {
      200: answer(OccurrenceEditAnswerSchema, 'The series as it now is, and the occurrence or new series written.'),
      ...errors(400, 401, 403, 404, 409, 410),
    },
  },
  issueFeed: {
    operationId: 'issueCalendarFeed',
    summary: "A new read-only iCalendar feed URL of a clinician's schedule (the old one stops working)",
    tags,
    params: one,
    headers,
    response: { 201: answer(CalendarFeedAnswerSchema, 'The feed URL, shown once.'), ...errors(401, 403, 404) },
  },
  revokeFeed: {
    operationId: 'revokeCalendarFeed',
    summary: "Revoke a clinician's calendar feed",
    tags,
    params: one,
    headers,
    response: { 204: noContent('Revoked: the URL answers 404 from now on.'), ...errors(401, 403, 404) },
  },
  readFeed: {
    operationId: 'readCalendarFeed',
    summary: 'A calendar feed, by the token in its URL (no session)',
    tags,
    params: Type.Object({
      feed: Type.String({ pattern: '^[A-Za-z0-9_-]{43}\\.ics$', description: 'The token of the feed URL, then .ics.' }),
    }),
    response: { 200: fileAnswer('The appointments as iCalendar (RFC 5545).', ['text/calendar']), ...errors(404) },
  },
  startEncounter: {
    operationId: 'startEncounterFromAppointment',
    summary: "Create (or find) the encounter of an appointment's note, prefilled from it",
    tags,
    params: one,
    headers: requestHeaders(...PRACTICE_HEADERS, HEADERS.idempotencyKey),
    response: {
      200: answer(StartEncounterAnswerSchema, 'An encounter already links this appointment: that one.'),
      201: answer(StartEncounterAnswerSchema, 'The new encounter, linked to the appointment.'),
      ...errors(400, 401, 403, 404, 410),
    },
  },
};
