import { Tooltip as MantineTooltip, type TooltipProps as MantineTooltipProps } from '@mantine/core';
import { TOOLTIP } from '../platform/core-web.ts';

export type TooltipProps = MantineTooltipProps;

/**
 * A tooltip that opens after 300 ms of hover, or at once on keyboard focus (so keyboard users see
 * it too); wraps at 400 pixels; keeps 15 pixels from the viewport's edges.
 */
export function Tooltip(props: TooltipProps) {
  return (
    <MantineTooltip
      openDelay={TOOLTIP.openDelay}
      maw={TOOLTIP.maxWidth}
      multiline
      withArrow
      // Mantine passes arrowOffset to floating-ui's arrow({ padding }) and shift options through.
      arrowOffset={TOOLTIP.arrowPadding}
      middlewares={{ shift: { padding: TOOLTIP.overflowPadding }, flip: true }}
      events={{ hover: true, focus: true, touch: false }}
      {...props}
    />
  );
}
