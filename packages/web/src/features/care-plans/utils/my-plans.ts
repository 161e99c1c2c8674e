import type { CarePlan } from '@caseload/core';

const STATUS_ORDER: Record<CarePlan['status'], number> = { Active: 0, Completed: 1, Cancelled: 2 };

/**
 * The plans of the care-plans area, each once (a plan may be both authored and on the care team):
 * Active first, then by review date (soonest first, plans without one after), then by title.
 */
export function myPlansInOrder(...lists: readonly (readonly CarePlan[])[]): CarePlan[] {
  const byId = new Map<string, CarePlan>();
  for (const list of lists) for (const p of list) byId.set(p.id, p);
  return [...byId.values()].sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      (a.reviewDate ?? '9999').localeCompare(b.reviewDate ?? '9999') ||
      (a.title ?? '').localeCompare(b.title ?? ''),
  );
}

/** Days a review date is past `today` (both yyyy-MM-dd); negative when it is still ahead. */
export const daysOverdue = (reviewDate: string, today: string) => Math.round((Date.parse(today) - Date.parse(reviewDate)) / 86_400_000);
