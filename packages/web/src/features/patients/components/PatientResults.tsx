import type { Patient } from '@caseload/core';
import { Group, Loader, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useVirtualRows } from '../../../ui/useVirtualRows.ts';
import { usePracticeTime } from '../../practice/index.ts';
import { localToday } from '../utils/patient-display.ts';
import { PatientRow } from './PatientRow.tsx';
import classes from './PatientList.module.css';

/** Height of one row, in pixels (two lines of text and padding, on the 10-pixel grid). */
const ROW_HEIGHT = 60;

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
  const { viewport, rows, virtualizer, items, active, setActive, onKeyDown } = useVirtualRows<HTMLAnchorElement>(patients.length, {
    rowHeight: ROW_HEIGHT,
    hasMore,
    loadingMore,
    onLoadMore,
    resetOn: query,
  });
  const clock = usePracticeTime();
  const today = useMemo(() => localToday(clock), [clock]);

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
