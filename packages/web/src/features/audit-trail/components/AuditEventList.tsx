import { Button, Group, Loader, Text } from '@mantine/core';
import { useVirtualRows } from '../../../ui/useVirtualRows.ts';
import type { AuditEventRecord } from '../api/audit-trail.api.ts';
import type { AuditPeople } from '../hooks/useAuditPeople.ts';
import { AuditEventRow } from './AuditEventRow.tsx';
import classes from './AuditTrail.module.css';

/** Height of one row, in pixels (two lines of text and padding, on the 10-pixel grid). */
const ROW_HEIGHT = 60;
/** The list's top and bottom border, in pixels. */
const VIEWPORT_BORDERS = 2;

export interface AuditEventListProps {
  events: AuditEventRecord[];
  people: AuditPeople;
  timeZone: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (event: AuditEventRecord) => void;
}

/**
 * The trail, newest first, virtualised: only the rows in view are in the page, so a year of events
 * costs what a screenful does; the next page is read as the end nears, or with "Load more".
 * Keyboard: one row is in the tab order; arrow keys, Page Up/Down, Home and End move through rows,
 * Enter opens the event.
 */
export function AuditEventList({ events, people, timeZone, hasMore, loadingMore, onLoadMore, onOpen }: AuditEventListProps) {
  const { viewport, rows, virtualizer, items, active, setActive, onKeyDown } = useVirtualRows<HTMLButtonElement>(events.length, {
    rowHeight: ROW_HEIGHT,
    hasMore,
    loadingMore,
    onLoadMore,
  });

  return (
    <>
      <div
        ref={viewport}
        className={classes.viewport}
        style={{ height: virtualizer.getTotalSize() + VIEWPORT_BORDERS }}
        role="list"
        aria-label="Audit events, newest first"
        data-testid="audit-event-list"
      >
        <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const event = events[item.index]!;
            return (
              <div
                key={event.id}
                role="listitem"
                aria-setsize={hasMore ? -1 : events.length}
                aria-posinset={item.index + 1}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                <AuditEventRow
                  ref={(el) => {
                    if (el) rows.current.set(item.index, el);
                    else rows.current.delete(item.index);
                  }}
                  event={event}
                  people={people}
                  timeZone={timeZone}
                  active={item.index === Math.min(active, events.length - 1)}
                  onOpen={() => onOpen(event)}
                  onFocus={() => setActive(item.index)}
                  onKeyDown={onKeyDown(item.index)}
                />
              </div>
            );
          })}
        </div>
      </div>
      <Group justify="space-between" gap="xs" mih={36}>
        <Text fz="sm" c="dimmed" role="status">
          {events.length === 1 ? '1 event' : `${events.length.toLocaleString('en-US')} events`}
          {hasMore ? ' shown so far' : ''}
        </Text>
        {loadingMore ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text fz="sm">Loading more events…</Text>
          </Group>
        ) : (
          hasMore && (
            <Button variant="default" size="xs" onClick={onLoadMore}>
              Load more
            </Button>
          )
        )}
      </Group>
    </>
  );
}
