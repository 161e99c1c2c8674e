import {
  cloneElement,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type ReactElement,
  type Ref,
  type SyntheticEvent,
} from 'react';

/** What `LoadOnFirstUse` gives the control it loaded. */
export interface LoadedControlProps {
  /** The trigger, to render as the control's target (`Menu.Target`'s child, the Tooltip's child). */
  children: ReactElement;
  /** Whether the popup is open. The wrapper holds it so that the use that loaded it also opens it. */
  opened: boolean;
  onChange: (opened: boolean) => void;
}

/** A control's code (a Menu with its items, a Tooltip), fetched at most once. */
export interface LazyControl<P> {
  /** Starts the fetch (or joins the one under way); a failed fetch may be tried again. */
  load: () => Promise<ComponentType<P & LoadedControlProps>>;
  /** Resolves when a fetch has succeeded, whoever started it (the warm-up, another instance). */
  ready: Promise<ComponentType<P & LoadedControlProps>>;
  /** The component once fetched: a trigger mounted after that renders it at once. */
  loaded: ComponentType<P & LoadedControlProps> | undefined;
}

/**
 * Wraps a dynamic import of a control for `LoadOnFirstUse`. Keep the import's target out of the
 * first screen's static imports (that is the point), and register `control.load` with
 * `warmUpLater` so the first use is usually instant.
 */
export function lazyControl<P>(importControl: () => Promise<ComponentType<P & LoadedControlProps>>): LazyControl<P> {
  let fetching: Promise<ComponentType<P & LoadedControlProps>> | undefined;
  let resolveReady!: (component: ComponentType<P & LoadedControlProps>) => void;
  const control: LazyControl<P> = {
    ready: new Promise((resolve) => (resolveReady = resolve)),
    loaded: undefined,
    load: () =>
      (fetching ??= importControl().then(
        (component) => {
          control.loaded = component;
          resolveReady(component);
          return component;
        },
        (error: unknown) => {
          fetching = undefined;
          throw error;
        },
      )),
  };
  return control;
}

const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** The element of a trigger that takes focus: the trigger itself or the first focusable inside. */
const focusableIn = (node: HTMLElement) => (node.matches(FOCUSABLE) ? node : node.querySelector<HTMLElement>(FOCUSABLE));

interface TriggerProps {
  ref?: Ref<HTMLElement>;
  onClick?: (event: SyntheticEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  onFocus?: (event: SyntheticEvent) => void;
  onPointerEnter?: (event: SyntheticEvent) => void;
}

/** Calls the trigger's own handler, then ours. */
function chain<E>(own: ((event: E) => void) | undefined, ours: (event: E) => void) {
  return (event: E) => {
    own?.(event);
    ours(event);
  };
}

export interface LoadOnFirstUseProps<P> {
  control: LazyControl<P>;
  /** Passed to the loaded control. */
  props: P;
  /**
   * A menu: a click (Enter, Space) or ArrowDown on the trigger opens it, as soon as its code is
   * there. Without it (a tooltip), the control only appears once loaded and opens by itself.
   */
  opensOnUse?: boolean;
  /** The trigger: rendered alone, looking and named the same, until the control has loaded. */
  children: ReactElement;
}

/**
 * Renders a control's trigger at once and the control (a Menu, a Tooltip) when its code has
 * loaded, so the popover machinery (floating-ui, focus trap, portal) stays out of the first
 * screen. Pointer enter and focus start the fetch; a click, Enter, Space or ArrowDown starts it
 * too and opens the control when it arrives: one use is always enough. When the control replaces
 * the plain trigger, focus moves to the new trigger first, so the control's focus return (Escape)
 * lands where the user was. A fetch that fails on a use throws to the nearest error boundary (the
 * stale-build screen), as a dialog loaded on demand does; a failed prefetch is ignored.
 */
export function LoadOnFirstUse<P>({ control, props, opensOnUse = false, children }: LoadOnFirstUseProps<P>) {
  const [Loaded, setLoaded] = useState(() => control.loaded);
  const [opened, setOpened] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown }>();
  const trigger = useRef<HTMLElement | null>(null);
  const openWhenLoaded = useRef(false);
  const focusWhenLoaded = useRef(false);
  const triggerElement = children as ReactElement<TriggerProps>;
  const own = triggerElement.props;

  // Stable, so the control (Popover's reference, the Tooltip's) does not see a new ref each render;
  // the trigger's own ref, if it has one, still gets the element.
  const ownRef = own.ref;
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

  if (Loaded) {
    const target = cloneElement(triggerElement, { ref: setRef, ...(opensOnUse && { onKeyDown: chain(own.onKeyDown, openOnArrowDown) }) });
    return (
      <Loaded {...props} opened={opened} onChange={setOpened}>
        {target}
      </Loaded>
    );
  }
  return cloneElement(triggerElement, {
    ref: setRef,
    onPointerEnter: chain(own.onPointerEnter, prefetch),
    onFocus: chain(own.onFocus, prefetch),
    ...(opensOnUse && {
      // What the loaded menu's target says, so assistive technology hears the same before.
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: chain(own.onClick, open),
      onKeyDown: chain(own.onKeyDown, openOnArrowDown),
    }),
  } as Partial<TriggerProps>);
}
