import { lazy, StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { LoadErrorBoundary } from './ui/LoadErrorBoundary.tsx';
import { LoadingIndicator } from './ui/LoadingIndicator.tsx';
import { ThemeProvider } from './ui/ThemeProvider.tsx';
import { pickVariant, type Variant } from './variant/pick-variant.ts';

/** Each variant is its own chunk, fetched only by the browsers that get it. */
const VARIANTS: Record<Variant, () => Promise<{ default: ComponentType }>> = {
  default: () => import('./variants/default/DefaultVariant.tsx'),
  mobile: () => import('./variants/mobile/MobileVariant.tsx'),
  legacy: () => import('./variants/legacy/LegacyVariant.tsx'),
};

const variant = pickVariant(navigator.userAgent);
document.documentElement.dataset.variant = variant;
const Variant = lazy(VARIANTS[variant]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider>
      <LoadErrorBoundary>
        <Suspense fallback={<LoadingIndicator />}>
          <Variant />
        </Suspense>
      </LoadErrorBoundary>
    </ThemeProvider>
  </StrictMode>,
);
