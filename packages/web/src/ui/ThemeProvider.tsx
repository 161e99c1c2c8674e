import '@mantine/core/styles.css';
import './global.css';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import type { ReactNode } from 'react';
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

/** Mantine with Caseload's theme; light or dark follows the system until preferences land. */
export function ThemeProvider({ children }: ThemeProviderProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={resolver}>
      {children}
    </MantineProvider>
  );
}
