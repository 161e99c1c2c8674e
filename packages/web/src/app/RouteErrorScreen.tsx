import { useRouteError } from 'react-router';
import { ErrorScreen } from '../features/errors/index.ts';

/** An error the router caught (outside any page's own boundary): the full-page error screen. */
export function RouteErrorScreen() {
  return <ErrorScreen error={useRouteError()} fullScreen />;
}
