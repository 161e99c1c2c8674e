import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '../features/errors/index.ts';
import { ThemeProvider } from '../ui/ThemeProvider.tsx';
import { App, type ShellVariant } from './App.tsx';

/** Renders the React application of the default or the mobile variant into the page's root. */
export function mountApp(root: HTMLElement, variant: ShellVariant): void {
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider>
        <ErrorBoundary fullScreen>
          <App variant={variant} />
        </ErrorBoundary>
      </ThemeProvider>
    </StrictMode>,
  );
}
