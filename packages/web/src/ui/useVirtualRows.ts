import { useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type KeyboardEvent, type MutableRefObject, type RefObject } from 'react';

export interface VirtualRowsOptions {
  /** One row's height, in pixels: the virtualiser places rows by it. */
  rowHeight: number;
  /** The server has more rows; `onLoadMore` reads the next page. */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** A new value (a new search) puts the first row back in the tab order and scrolls to the top. */
  resetOn?: unknown;
}

export interface VirtualRows<E extends HTMLElement> {
  /** The list's scrolling element. */
  viewport: RefObject<HTMLDivElement | null>;
  /** The rendered rows' focusable elements by index, for moving the focus. */
  rows: MutableRefObject<Map<number, E>>;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  /** The rows to render now. */
  items: VirtualItem[];
  /** The row in the tab order. */
  active: number;
  setActive: (index: number) => void;
  /** Arrow keys, Page Up/Down, Home and End on the row at `index`. */
  onKeyDown: (index: number) => (event: KeyboardEvent<E>) => void;
}

/** Start reading the next page this many rows before the end, so scrolling rarely waits. */
const LOAD_AHEAD = 15;

/**
 * A long list read page by page and virtualised (only the rows in view are in the page), driven
 * by the keyboard: one row is in the tab order; arrow keys, Page Up/Down, Home and End move it,
 * scrolling it into view and focusing it once rendered. The next page is asked for as the end nears.
 */
export function useVirtualRows<E extends HTMLElement>(
  count: number,
  { rowHeight, hasMore, loadingMore, onLoadMore, resetOn }: VirtualRowsOptions,
): VirtualRows<E> {
  const viewport = useRef<HTMLDivElement>(null);
  const rows = useRef(new Map<number, E>());
  const [active, setActive] = useState(0);
  const [focusWanted, setFocusWanted] = useState<number>();
  const virtualizer = useVirtualizer({ count, getScrollElement: () => viewport.current, estimateSize: () => rowHeight, overscan: 8 });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && last >= count - LOAD_AHEAD) onLoadMore();
  }, [hasMore, loadingMore, last, count, onLoadMore]);
  useEffect(() => {
    if (resetOn === undefined) return;
    setActive(0);
    viewport.current?.scrollTo({ top: 0 });
  }, [resetOn]);
  // The row to focus may not be rendered until the virtualiser has scrolled to it: tried after
  // every render until it is (then focusWanted is cleared and it stops).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render on purpose
  useEffect(() => {
    if (focusWanted === undefined) return;
    const row = rows.current.get(focusWanted);
    if (row) {
      row.focus();
      setFocusWanted(undefined);
    }
  });

  const onKeyDown = (index: number) => (event: KeyboardEvent<E>) => {
    const page = Math.max(1, Math.floor((viewport.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1);
    const to = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: count - 1, PageDown: index + page, PageUp: index - page }[
      event.key
    ];
    if (to === undefined) return;
    event.preventDefault();
    const target = Math.max(0, Math.min(count - 1, to));
    setActive(target);
    virtualizer.scrollToIndex(target, { align: 'auto' });
    setFocusWanted(target);
  };

  return { viewport, rows, virtualizer, items, active, setActive, onKeyDown };
}
