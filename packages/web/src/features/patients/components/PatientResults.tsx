import type { Patient } from '@caseload/core';
import { Group, Loader, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { localToday } from '../utils/patient-display.ts';
import { PatientRow } from './PatientRow.tsx';
import classes from './PatientList.module.css';

/** Height of one row, in pixels (two lines of text and padding, on the 10-pixel grid). */
const ROW_HEIGHT = 60;
/** Start reading the next page this many rows before the end, so scrolling rarely waits. */
const LOAD_AHEAD = 15;

export interface PatientResultsProps {
  patients: Patient[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The plural label, lower-case ("patients"), for the list's name. */
  pluralLabel: string;
  /** The search shown: a new one scrolls back to the top. */
  query: string;
}

/**
 * The virtualised list of patients: only the rows in view are in the page, so 100,000 cost what 20
 * do; the next page is read as the end nears. Keyboard: one row is in the tab order; arrow keys,
 * Home and End move through rows (scrolling them into view), Enter opens the chart.
 */
export function PatientResults({ patients, hasMore, loadingMore, onLoadMore, pluralLabel, query }: PatientResultsProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const rows = useRef(new Map<number, HTMLAnchorElement>());
  const [active, setActive] = useState(0);
  const [focusWanted, setFocusWanted] = useState<number>();
  const today = useMemo(() => localToday(), []);
  const virtualizer = useVirtualizer({
    count: patients.length,
    getScrollElement: () => viewport.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && last >= patients.length - LOAD_AHEAD) onLoadMore();
  }, [hasMore, loadingMore, last, patients.length, onLoadMore]);
  // A new search starts at the top.
  useEffect(() => {
    setActive(0);
    viewport.current?.scrollTo({ top: 0 });
  }, [query]);
  // The row to focus may not be rendered until the virtualiser has scrolled to it.
  useEffect(() => {
    if (focusWanted === undefined) return;
    const row = rows.current.get(focusWanted);
    if (row) {
      row.focus();
      setFocusWanted(undefined);
    }
  });

  const moveTo = (index: number) => {
    const target = Math.max(0, Math.min(patients.length - 1, index));
    setActive(target);
    virtualizer.scrollToIndex(target, { align: 'auto' });
    setFocusWanted(target);
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLAnchorElement>) => {
    const page = Math.max(1, Math.floor((viewport.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    const to = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: patients.length - 1, PageDown: index + page, PageUp: index - page }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    moveTo(to);
  };

  return (
    <>
    <div
      ref={viewport}
      className={classes.viewport}
      role="list"
      aria-label={`${pluralLabel[0]!.toUpperCase()}${pluralLabel.slice(1)}`}
      data-testid="patient-list"
    >
      <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const patient = patients[item.index]!;
          return (
            <div
              key={patient.id}
              role="listitem"
              aria-setsize={hasMore ? -1 : patients.length}
              aria-posinset={item.index + 1}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
            >
              <PatientRow
                ref={(el) => {
                  if (el) rows.current.set(item.index, el);
                  else rows.current.delete(item.index);
                }}
                patient={patient}
                today={today}
                active={item.index === Math.min(active, patients.length - 1)}
                onFocus={() => setActive(item.index)}
                onKeyDown={onKeyDown(item.index)}
              />
            </div>
          );
        })}
      </div>
    </div>
    {loadingMore && (
      <Group justify="center" p="xs" gap="xs" role="status">
        <Loader size="sm" />
        <Text fz="sm">Loading more {pluralLabel}…</Text>
      </Group>
    )}
    </>
  );
}
