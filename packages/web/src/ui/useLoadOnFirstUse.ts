import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type KeyboardEvent, type Ref } from 'react';
import type { LazyControl, LoadedControlProps } from './lazy-control.ts';

const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** The element of a trigger that takes focus: the trigger itself or the first focusable inside. */
const focusableIn = (node: HTMLElement) => (node.matches(FOCUSABLE) ? node : node.querySelector<HTMLElement>(FOCUSABLE));

export interface LoadOnFirstUseState<P> {
  /** The control, once its code is here. */
  Loaded: ComponentType<P & LoadedControlProps> | undefined;
  opened: boolean;
  setOpened: (opened: boolean) => void;
  /** The trigger's ref (stable), which also gives the element to the trigger's own ref. */
  setRef: (node: HTMLElement | null) => void;
  /** Starts the fetch (pointer enter, focus); a failure is ignored. */
  prefetch: () => void;
  /** Opens the control, at once or when its code arrives; a failed fetch throws on the next render. */
  open: () => void;
  /** ArrowDown on a menu's trigger opens it. */
  openOnArrowDown: (event: KeyboardEvent) => void;
}

/**
 * `LoadOnFirstUse`'s state: the control's code (fetched on first use), whether it is open, and
 * the focus moved to its trigger when it replaces the plain one.
 */
export function useLoadOnFirstUse<P>(control: LazyControl<P>, ownRef: Ref<HTMLElement> | undefined): LoadOnFirstUseState<P> {
  const [Loaded, setLoaded] = useState(() => control.loaded);
  const [opened, setOpened] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown }>();
  const trigger = useRef<HTMLElement | null>(null);
  const openWhenLoaded = useRef(false);
  const focusWhenLoaded = useRef(false);
  // Stable, so the control (Popover's reference, the Tooltip's) does not see a new ref each render;
  // the trigger's own ref, if it has one, still gets the element.
  const setRef = useCallback(
    (node: HTMLElement | null) => {
      trigger.current = node;
      if (typeof ownRef === 'function') ownRef(node);
      else if (ownRef) ownRef.current = node;
    },
    [ownRef],
  );

  useEffect(() => {
    if (Loaded) return;
    let live = true;
    void control.ready.then((component) => {
      if (!live) return;
      focusWhenLoaded.current = !!trigger.current?.contains(document.activeElement);
      setLoaded(() => component);
    });
    return () => {
      live = false;
    };
  }, [control, Loaded]);

  // Before the control can open: its own focus handling starts from the element focused then.
  useLayoutEffect(() => {
    if (!Loaded || !focusWhenLoaded.current || !trigger.current) return;
    focusWhenLoaded.current = false;
    focusableIn(trigger.current)?.focus({ preventScroll: true });
  }, [Loaded]);

  // A passive effect, after the control's own first effects: Mantine's focus return records the
  // focused element on the change to open, not on a mount that is open already.
  useEffect(() => {
    if (!Loaded || !openWhenLoaded.current) return;
    openWhenLoaded.current = false;
    setOpened(true);
  }, [Loaded]);

  if (failure) throw failure.error;

  const prefetch = () => void control.load().catch(() => undefined);
  const open = () => {
    if (Loaded) return setOpened(true);
    openWhenLoaded.current = true;
    control.load().catch((error: unknown) => openWhenLoaded.current && setFailure({ error }));
  };
  const openOnArrowDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' || opened) return;
    event.preventDefault();
    open();
  };

  return { Loaded, opened, setOpened, setRef, prefetch, open, openOnArrowDown };
}
