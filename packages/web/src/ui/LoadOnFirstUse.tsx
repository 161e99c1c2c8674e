import { cloneElement, type KeyboardEvent, type ReactElement, type Ref, type SyntheticEvent } from 'react';
import type { LazyControl } from './lazy-control.ts';
import { useLoadOnFirstUse } from './useLoadOnFirstUse.ts';

export { lazyControl, type LazyControl, type LoadedControlProps } from './lazy-control.ts';

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
  const triggerElement = children as ReactElement<TriggerProps>;
  const own = triggerElement.props;
  const { Loaded, opened, setOpened, setRef, prefetch, open, openOnArrowDown } = useLoadOnFirstUse(control, own.ref);

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
