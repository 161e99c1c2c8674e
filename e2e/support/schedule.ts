import type { Locator, Page } from 'playwright-core';

/** The middle of a time-grid cell on the schedule: the day's column and the slot row of a local time. */
export async function slotPoint(page: Page, date: string, time: string): Promise<{ x: number; y: number }> {
  const column = await page.locator(`td.fc-timegrid-col[data-date="${date}"]`).boundingBox();
  const row = await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox();
  return { x: column!.x + column!.width / 2, y: row!.y + row!.height / 2 };
}

/** Drags `event` by the distance from one slot to another, as a mouse does (FullCalendar needs the moves). */
export async function dragEvent(page: Page, event: Locator, from: { x: number; y: number }, to: { x: number; y: number }) {
  const box = (await event.boundingBox())!;
  const start = { x: box.x + box.width / 2, y: box.y + 8 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(start.x + ((to.x - from.x) * i) / 10, start.y + ((to.y - from.y) * i) / 10);
  }
  await page.mouse.up();
}

/** The dialog a move of a recurring appointment asks in: "This occurrence", "This and following", "All occurrences". */
export const scopeDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Move a recurring appointment' });
