import type { Practitioner } from '@caseload/core';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { ApiError } from '../../../api/index.ts';
import { useCollection } from '../../../data/index.ts';
import { staffRows, type StaffSort } from '../utils/staff-list.ts';

/** One row's height, in pixels: the virtualiser places rows by it. */
export const STAFF_ROW_HEIGHT = 64;

export interface StaffDirectoryState {
  /** Every practitioner of the practice. */
  items: Practitioner[];
  loading: boolean;
  error?: ApiError;
  text: string;
  setText: (text: string) => void;
  sort: StaffSort;
  setSort: (sort: StaffSort) => void;
  descending: boolean;
  toggleDescending: () => void;
  /** The practitioners the search leaves, in the chosen order. */
  rows: Practitioner[];
  /** The list's scrolling element. */
  scroller: RefObject<HTMLDivElement | null>;
  virtual: Virtualizer<HTMLDivElement, Element>;
  /** Arrow keys, Home and End move the focus between rows (scrolled into view first). */
  onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void;
}

/** The staff directory's practitioners, search and sort, and its virtualised, keyboard-driven list. */
export function useStaffDirectory(): StaffDirectoryState {
  const { items, loading, error } = useCollection<Practitioner>('Practitioners');
  const [text, setText] = useState('');
  const [sort, setSort] = useState<StaffSort>('Name');
  const [descending, setDescending] = useState(false);
  const rows = useMemo(() => staffRows(items, text, sort, descending), [items, text, sort, descending]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => STAFF_ROW_HEIGHT,
    overscan: 8,
  });

  const focusRow = (index: number) => {
    const i = Math.max(0, Math.min(rows.length - 1, index));
    virtual.scrollToIndex(i);
    // The row is rendered once scrolled into the window; focus it on the next frame.
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${i}"] a`)?.focus());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = Number((e.target as HTMLElement).closest('[data-index]')?.getAttribute('data-index') ?? -1);
    if (e.key === 'ArrowDown') focusRow(index + 1);
    else if (e.key === 'ArrowUp') focusRow(index - 1);
    else if (e.key === 'Home') focusRow(0);
    else if (e.key === 'End') focusRow(rows.length - 1);
    else return;
    e.preventDefault();
  };

  return {
    items,
    loading,
    error,
    text,
    setText,
    sort,
    setSort,
    descending,
    toggleDescending: () => setDescending((d) => !d),
    rows,
    scroller,
    virtual,
    onKeyDown,
  };
}
