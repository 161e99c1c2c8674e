import './global.css';
import { MantineProvider, type CSSVariablesResolver, type MantineColorSchemeManager } from '@mantine/core';
import { useColorScheme } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { loadFullStylesheet } from './first-paint-styles.ts';
import { getAppearance, useAppearance } from './appearance.ts';
import { theme } from './theme.ts';

export interface ThemeProviderProps {
  children: ReactNode;
}

/**
 * Mantine's default dimmed grey (3.3:1 on white) and error red (3.3:1 on white, 3.4:1 on dark)
 * are below WCAG AA for small text; these keep secondary text and field errors at 4.5:1 or more.
 */
const resolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-error': 'var(--mantine-color-red-5)' },
});

/**
 * Mantine's own store of the scheme, answering from ours. On mount Mantine sets the page's scheme
 * attribute in a layout effect from its manager (by default localStorage, where it finds nothing,
 * so 'light'), and only later, in a passive effect, to the forced scheme: a dark user saw a light
 * frame between the two, and a reload could be read as light. Answering with the user's scheme
 * keeps the attribute public/appearance-boot.js set. Changes come through forceColorScheme, so
 * this store never stores.
 */
const appearanceSchemeManager: MantineColorSchemeManager = {
  get: () => {
    const { colorScheme } = getAppearance();
    return colorScheme === 'system' ? 'auto' : colorScheme;
  },
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};

/**
 * Mantine with Caseload's theme, in the user's colour scheme (src/ui/appearance.ts): light or
 * dark as chosen, or the system's, following it live when it changes.
 */
export function ThemeProvider({ children }: ThemeProviderProps) {
  const { colorScheme } = useAppearance();
  const system = useColorScheme(undefined, { getInitialValueInEffect: false });
  const scheme = colorScheme === 'system' ? system : colorScheme;
  // The first screen is styled by first-paint-styles.ts; everything else follows at once.
  useEffect(loadFullStylesheet, []);
  return (
    <MantineProvider theme={theme} colorSchemeManager={appearanceSchemeManager} forceColorScheme={scheme} cssVariablesResolver={resolver}>
      {children}
    </MantineProvider>
  );
}
