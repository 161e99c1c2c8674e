import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router.tsx';

export type ShellVariant = 'default' | 'mobile';

export interface AppProps {
  variant: ShellVariant;
}

/** The routed application with its notification area; the theme comes from mountApp. */
export function App({ variant }: AppProps) {
  const [router] = useState(() => createAppRouter(variant));
  return (
    <>
      <Notifications position={variant === 'mobile' ? 'top-center' : 'top-right'} />
      <RouterProvider router={router} />
    </>
  );
}
