import { Group } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { BrandMark } from '../../../ui/BrandMark.tsx';
import { PracticeSwitcher, useCurrentPractice } from '../../practice/index.ts';
import { HeaderAccount, ShellOutlet, SkipLink } from '../../shell/index.ts';
import { usePortalSections } from '../hooks/usePortalSections.ts';
import { PortalMoreMenu } from './PortalMoreMenu.tsx';
import classes from './PortalShell.module.css';

/** Sections a phone's bottom bar shows beside Home; the rest are under More. */
const PHONE_BAR_SECTIONS = 3;

/**
 * The patient portal's shell, for phones first: a slim header (the product, the sync state, the
 * person's menu), the portal's sections (a row of tabs on a wide screen, a bar at the bottom of a
 * phone's), and the current page. Nothing of the staff shell: its navigation, practice labels
 * and areas are never rendered for a portal login.
 */
export function PortalShell() {
  const sections = usePortalSections();
  // Four sections fit beside Home; five or more put all but three under More.
  const barSections = sections.length > PHONE_BAR_SECTIONS + 1 ? PHONE_BAR_SECTIONS : sections.length;
  const { memberships } = useCurrentPractice();
  return (
    <div className={classes.root}>
      <SkipLink />
      <header className={classes.header}>
        <Group gap="sm" wrap="nowrap" miw={0}>
          <BrandMark />
          {/* Someone who is a patient of two practices chooses which; with one there is nothing to say. */}
          {memberships.length > 1 && <PracticeSwitcher compact />}
        </Group>
        <HeaderAccount />
      </header>
      <nav aria-label="Portal" className={classes.nav}>
        <NavLink to="/" end className={classes.item}>
          <IconHome size={22} stroke={1.6} aria-hidden />
          <span>Home</span>
        </NavLink>
        {sections.map((s, i) => (
          <NavLink key={s.id} to={s.path} className={i < barSections ? classes.item : `${classes.item} ${classes.pastBar}`}>
            <s.icon size={22} stroke={1.6} aria-hidden />
            <span>{s.label}</span>
          </NavLink>
        ))}
        {sections.length > barSections && (
          <PortalMoreMenu sections={sections.slice(barSections)} className={`${classes.item} ${classes.more}`} />
        )}
      </nav>
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <ShellOutlet />
      </main>
    </div>
  );
}
