import type { CalendarFeedAnswer } from '@caseload/core';
import { api } from '../../../api/index.ts';

const feedPath = (practiceId: string, practitionerId: string) =>
  `/api/v1/practices/${encodeURIComponent(practiceId)}/Practitioners/${encodeURIComponent(practitionerId)}/calendar-feed`;

/** A new feed URL; the old one, if any, stops working. */
export const postCalendarFeed = (practiceId: string, practitionerId: string) =>
  api.post<CalendarFeedAnswer>(feedPath(practiceId, practitionerId));

/** Revokes the live feed (404 when there is none). */
export const deleteCalendarFeed = (practiceId: string, practitionerId: string) => api.delete(feedPath(practiceId, practitionerId));
