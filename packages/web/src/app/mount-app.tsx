import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '../features/errors/index.ts';
import { ThemeProvider } from '../ui/ThemeProvider.tsx';
import { App, type ShellVariant } from './App.tsx';

/**
 * Renders the React application of the default or the mobile variant into the page's root.
 *
 * The first render is a transition, so React renders it in slices of about 5 ms and lets the
 * browser run between them, instead of one task as long as the whole first screen, a long one on a
 * phone's CPU (docs/performance.md, "Splitting the first render"). The entry's plain loading screen
 * stays in the root until React's first commit replaces it, so nothing blank shows meanwhile.
 */
export function mountApp(root: HTMLElement, variant: ShellVariant): void {
  const app = createRoot(root);
  startTransition(() => {
    app.render(
      <StrictMode>
        <ThemeProvider>
          <ErrorBoundary fullScreen>
            <App variant={variant} />
          </ErrorBoundary>
        </ThemeProvider>
      </StrictMode>,
    );
  });
}
