import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router.tsx';

/** The routed application with its notification area; the theme comes from the entry. */
export function App() {
  const [router] = useState(createAppRouter);
  return (
    <>
      <Notifications position="top-right" />
      <RouterProvider router={router} />
    </>
  );
}
