import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { BrandMark } from '../../../ui/BrandMark.tsx';
import { PracticeSwitcher } from '../../practice/index.ts';
import classes from './DefaultShell.module.css';
import { HeaderAccount } from './HeaderAccount.tsx';
import { NavLinks } from './NavLinks.tsx';
import { ShellOutlet } from './ShellOutlet.tsx';
import { SkipLink } from './SkipLink.tsx';

/**
 * The default variant's application shell: the header (brand, practice, sync state, user menu),
 * the navigation to every feature area the user may reach, and the current page. Below the `sm`
 * breakpoint (a narrow desktop window) the navigation folds behind a menu button.
 */
export function DefaultShell() {
  const [navOpened, nav] = useDisclosure(false);
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 296, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding={0}>
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
            />
            <BrandMark />
            <Group visibleFrom="xs" ml="md" miw={0}>
              <PracticeSwitcher />
            </Group>
          </Group>
          <HeaderAccount />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main navigation" component="nav">
        <AppShell.Section grow className={classes.navigation}>
          <NavLinks onNavigate={nav.close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} bg="var(--caseload-page-background)" style={{ outline: 'none' }}>
        <div style={{ padding: 'var(--mantine-spacing-lg)', maxWidth: 1200, margin: '0 auto' }}>
          <ShellOutlet />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
