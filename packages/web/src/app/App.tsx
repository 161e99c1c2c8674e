import { BrowserRouter } from 'react-router';
import { NotificationArea } from './NotificationArea.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { AppRoutes } from './router.tsx';

export type ShellVariant = 'default' | 'mobile';

export interface AppProps {
  variant: ShellVariant;
}

/** The routed application with its notification area (loaded after the first screen); the theme comes from mountApp. */
export function App({ variant }: AppProps) {
  return (
    <>
      {/* Its stylesheet is among the first screen's (ui/first-paint-styles.ts); its code loads later. */}
      <NotificationArea position={variant === 'mobile' ? 'top-center' : 'top-right'} />
      <BrowserRouter>
        <RouteErrorBoundary>
          <AppRoutes variant={variant} />
        </RouteErrorBoundary>
      </BrowserRouter>
    </>
  );
}
