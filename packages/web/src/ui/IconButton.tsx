import { ActionIcon, type ActionIconProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { ICON_SIZE } from './theme.ts';
import { Tooltip } from './Tooltip.tsx';

export interface IconButtonProps
  extends Omit<ActionIconProps, 'children' | 'size'>, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'style'> {
  icon: Icon;
  /** The accessible name, also shown as the tooltip: an icon alone says nothing to a screen reader. */
  label: string;
  /** Standard (16-pixel icon) or large (20-pixel icon, bigger touch target). */
  size?: 'standard' | 'large';
  /** Leave out the tooltip (when the label is already visible nearby). */
  withTooltip?: boolean;
}

/** A button that is only an icon, always with an accessible name (issue 4: icon sizes 16 and 20). */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon: IconComponent, label, size = 'standard', withTooltip = true, variant = 'subtle', ...props },
  ref,
) {
  const button = (
    <ActionIcon ref={ref} variant={variant} size={size === 'large' ? 44 : 32} aria-label={label} {...props}>
      <IconComponent size={ICON_SIZE[size]} stroke={1.75} aria-hidden />
    </ActionIcon>
  );
  return withTooltip ? <Tooltip label={label}>{button}</Tooltip> : button;
});
