import './global.css';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { useColorScheme } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { loadFullStylesheet } from './first-paint-styles.ts';
import { useAppearance } from './appearance.ts';
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
    <MantineProvider theme={theme} forceColorScheme={scheme} cssVariablesResolver={resolver}>
      {children}
    </MantineProvider>
  );
}
