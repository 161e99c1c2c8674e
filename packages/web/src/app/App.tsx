// Its stylesheet is among the first screen's (ui/first-paint-styles.ts).
import { Notifications } from '@mantine/notifications';
import { BrowserRouter } from 'react-router';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { AppRoutes } from './router.tsx';

export type ShellVariant = 'default' | 'mobile';

export interface AppProps {
  variant: ShellVariant;
}

/** The routed application with its notification area; the theme comes from mountApp. */
export function App({ variant }: AppProps) {
  return (
    <>
      <Notifications position={variant === 'mobile' ? 'top-center' : 'top-right'} />
      <BrowserRouter>
        <RouteErrorBoundary>
          <AppRoutes variant={variant} />
        </RouteErrorBoundary>
      </BrowserRouter>
    </>
  );
}
