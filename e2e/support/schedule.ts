import type { Locator, Page } from 'playwright-core';

/** The middle of a time-grid cell on the schedule: the day's column and the slot row of a local time. */
export async function slotPoint(page: Page, date: string, time: string): Promise<{ x: number; y: number }> {
  const column = await page.locator(`td.fc-timegrid-col[data-date="${date}"]`).boundingBox();
  const row = await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox();
  return { x: column!.x + column!.width / 2, y: row!.y + row!.height / 2 };
}

/**
 * Drags `event` by the distance from one slot to another, as a mouse does (FullCalendar needs the
 * moves). It starts once the event has stopped moving (a calendar still laying out its events
 * replaces them under the mouse), and when `until` is given (what the drop opens: the scope
 * dialog of a recurring appointment) drags again, up to three times, if a drop on a loaded
 * machine did not take.
 */
export async function dragEvent(
  page: Page,
  event: Locator,
  from: { x: number; y: number },
  to: { x: number; y: number },
  until?: Locator,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const box = await settledBox(event);
    const start = { x: box.x + box.width / 2, y: box.y + 8 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) {
      await page.mouse.move(start.x + ((to.x - from.x) * i) / 10, start.y + ((to.y - from.y) * i) / 10);
    }
    await page.mouse.up();
    if (!until) return;
    const opened = await until.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (opened || attempt === 3) return;
  }
}

/** The element's box once two reads a frame apart agree. */
async function settledBox(element: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = await element.boundingBox();
  for (let i = 0; i < 20; i++) {
    await element.page().waitForTimeout(50);
    const now = await element.boundingBox();
    if (now && last && now.x === last.x && now.y === last.y && now.width === last.width && now.height === last.height) return now;
    last = now;
  }
  return last!;
}

/** The dialog a move of a recurring appointment asks in: "This occurrence", "This and following", "All occurrences". */
export const scopeDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Move a recurring appointment' });
