import { NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { relabel, usePracticeLabels } from '../../practice/index.ts';
import { useVisibleAreas } from '../hooks/useVisibleAreas.ts';
import { activeArea } from '../utils/active-area.ts';
import { AREA_GROUPS } from '../utils/areas.ts';
import classes from './NavLinks.module.css';

export interface NavLinksProps {
  /** Called after a link is followed (closes the navigation on narrow screens). */
  onNavigate?: () => void;
}

/** The desktop navigation: every area the user may reach, in its group, the current one marked. */
export function NavLinks({ onNavigate }: NavLinksProps) {
  const areas = useVisibleAreas();
  const labels = usePracticeLabels();
  const { pathname } = useLocation();
  const active = activeArea(areas, pathname);
  return (
    <Stack gap="md">
      {AREA_GROUPS.map((group) => {
        const inGroup = areas.filter((a) => a.group === group);
        if (inGroup.length === 0) return null;
        const headingId = `nav-group-${group.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <div key={group} role="group" aria-labelledby={headingId}>
            <Text id={headingId} fz={11} fw={700} c="dimmed" tt="uppercase" px="sm" mb={4} style={{ letterSpacing: '0.04em' }}>
              {relabel(group, labels)}
            </Text>
            {inGroup.map((area) => (
              <NavLink
                key={area.id}
                component={Link}
                to={area.path}
                label={area.label}
                leftSection={<area.icon size={20} stroke={1.6} aria-hidden />}
                active={area === active}
                aria-current={area === active ? 'page' : undefined}
                onClick={onNavigate}
                variant="light"
                className={classes.link}
              />
            ))}
          </div>
        );
      })}
    </Stack>
  );
}
