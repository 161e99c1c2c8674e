import { Menu, UnstyledButton } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import type { PortalSection } from '../sections.ts';

export interface PortalMoreMenuProps {
  /** The sections past the phone's bar, in navigation order. */
  sections: readonly PortalSection[];
  className: string;
}

/**
 * A phone's bar holds five places, as bottom bars do (Home, three sections, More): the sections
 * past them are under More, whose button is marked current while one of them is open. Wide
 * screens show every section as a tab and never this button (PortalShell.module.css).
 */
export function PortalMoreMenu({ sections, className }: PortalMoreMenuProps) {
  const { pathname } = useLocation();
  const inside = sections.some((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
  return (
    <Menu position="top-end" withinPortal>
      <Menu.Target>
        <UnstyledButton className={className} data-current={inside || undefined}>
          <IconDots size={22} stroke={1.6} aria-hidden />
          <span>More</span>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {sections.map((s) => (
          <Menu.Item key={s.id} component={Link} to={s.path} leftSection={<s.icon size={18} stroke={1.6} aria-hidden />}>
            {s.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
