import type { ReactElement, ReactNode } from 'react';
import { lazyControl, LoadOnFirstUse, type LoadedControlProps } from './LoadOnFirstUse.tsx';
import { warmUpLater } from './warm-up.ts';

interface TooltipLabel {
  label: ReactNode;
}

// Mantine's Tooltip brings floating-ui and a portal: fetched on first hover or focus, or with the
// warm-ups after the first screen (docs/performance.md, "Header menus on first use").
const tooltip = lazyControl<TooltipLabel>(() =>
  import('./Tooltip.tsx').then(
    ({ Tooltip }) =>
      function LoadedTooltip({ label, children }: TooltipLabel & LoadedControlProps) {
        return <Tooltip label={label}>{children}</Tooltip>;
      },
  ),
);
warmUpLater(tooltip.load);

export interface TooltipOnFirstUseProps {
  /** What the tooltip says: also the child's accessible name, so nothing is missing before it loads. */
  label: string;
  /** The element the tooltip describes: one element that takes a ref (an Indicator, a button). */
  children: ReactElement;
}

/**
 * `ui/Tooltip.tsx`'s tooltip for controls on the first screen: the child alone until the
 * tooltip's code has loaded (pointer enter or focus starts it), then the same child inside the
 * tooltip. Only for a label the child already carries as its accessible name.
 */
export function TooltipOnFirstUse({ label, children }: TooltipOnFirstUseProps) {
  return (
    <LoadOnFirstUse control={tooltip} props={{ label }}>
      {children}
    </LoadOnFirstUse>
  );
}
