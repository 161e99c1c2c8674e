import type { CarePlanReviewItem, CarePlanThread } from '@caseload/core';
import { api } from '../../../api/index.ts';

const carePlansPath = (practiceId: string) => `/api/v1/practices/${encodeURIComponent(practiceId)}/CarePlans`;

/** GET CarePlans/{id}/thread: per goal the note sessions that addressed it, progress per goal and objective, outcomes. */
export const fetchCarePlanThread = (practiceId: string, id: string) =>
  api.get<CarePlanThread>(`${carePlansPath(practiceId)}/${encodeURIComponent(id)}/thread`);

/** The review list's answer. */
export interface CarePlanReviewList {
  items: CarePlanReviewItem[];
  truncated: boolean;
}

/** GET CarePlans/review-due: the caller's Active plans past their review date or due within `withinDays`, most overdue first. */
export const fetchReviewDue = (practiceId: string, withinDays: number) =>
  api.get<CarePlanReviewList>(`${carePlansPath(practiceId)}/review-due?withinDays=${withinDays}`);
