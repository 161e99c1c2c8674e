import { AppShell, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDots } from '@tabler/icons-react';
import { lazy } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '../../../ui/BrandMark.tsx';
import { DeferredMount } from '../../../ui/DeferredMount.tsx';
import { warmUpLater } from '../../../ui/warm-up.ts';
import { PracticeSwitcher } from '../../practice/index.ts';
import { useVisibleAreas } from '../hooks/useVisibleAreas.ts';
import { activeArea } from '../utils/active-area.ts';
import type { Area, AreaId } from '../utils/areas.ts';
import { HeaderAccount } from './HeaderAccount.tsx';
import classes from './MobileShell.module.css';
import { ShellOutlet } from './ShellOutlet.tsx';
import { SkipLink } from './SkipLink.tsx';

// "More" opens a dialog: fetched after the first screen (or when first opened), and with it
// Mantine's Modal, which nothing on the first screen needs (docs/performance.md).
const loadMoreAreasDialog = () => import('./MoreAreasDialog.tsx');
warmUpLater(loadMoreAreasDialog);
const MoreAreasDialog = lazy(() => loadMoreAreasDialog().then((m) => ({ default: m.MoreAreasDialog })));

/** What a phone's bottom bar holds, when the user may reach them; the rest are under "More". */
const BOTTOM_BAR: readonly AreaId[] = ['dashboard', 'patients', 'notes', 'schedule'];

function BarItem({ area, active }: { area: Area; active: boolean }) {
  return (
    <UnstyledButton
      component={Link}
      to={area.path}
      className={classes.barItem}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
    >
      <area.icon size={24} stroke={1.6} aria-hidden />
      <span>{area.shortLabel ?? area.label}</span>
    </UnstyledButton>
  );
}

/**
 * The mobile variant's shell, sized for phones: a compact header, the page, and a bottom bar with
 * the four most used areas and "More" for every other one, all with touch targets of 48 pixels
 * or more. The same feature areas as the default shell.
 */
export function MobileShell() {
  const areas = useVisibleAreas();
  const { pathname } = useLocation();
  const [moreOpened, more] = useDisclosure(false);
  const active = activeArea(areas, pathname);
  const inBar = areas.filter((a) => BOTTOM_BAR.includes(a.id)).slice(0, 4);
  const rest = areas.filter((a) => !inBar.includes(a));
  const activeInMore = !!active && rest.includes(active);

  return (
    <AppShell header={{ height: 56 }} footer={{ height: 64 }} padding={0}>
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap={4}>
          <Group gap={4} wrap="nowrap" miw={0}>
            <BrandMark compact />
            <PracticeSwitcher compact />
          </Group>
          <HeaderAccount compact />
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main-content" tabIndex={-1} bg="var(--caseload-page-background)" style={{ outline: 'none' }}>
        <div style={{ padding: 'var(--mantine-spacing-md)' }}>
          <ShellOutlet />
        </div>
      </AppShell.Main>
      <AppShell.Footer component="nav" aria-label="Main navigation" className={classes.bar}>
        {inBar.map((area) => (
          <BarItem key={area.id} area={area} active={area === active} />
        ))}
        {rest.length > 0 && (
          <UnstyledButton className={classes.barItem} data-active={activeInMore || undefined} onClick={more.open} aria-haspopup="dialog">
            <IconDots size={24} stroke={1.6} aria-hidden />
            <span>More</span>
          </UnstyledButton>
        )}
      </AppShell.Footer>
      <DeferredMount when={moreOpened}>
        <MoreAreasDialog opened={moreOpened} onClose={more.close} areas={rest} active={active} />
      </DeferredMount>
    </AppShell>
  );
}
