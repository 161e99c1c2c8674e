import type { ComponentType, ReactElement } from 'react';

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
