import { notificationsStore, type NotificationsProps } from '@mantine/notifications';
import { useEffect, useState, type ComponentType } from 'react';
import { warmUpLater } from '../ui/warm-up.ts';

let loading: Promise<ComponentType<NotificationsProps>> | undefined;

/** The container's code, fetched once; a failed fetch (offline, no service worker yet) is tried again next time. */
function loadNotifications(): Promise<ComponentType<NotificationsProps>> {
  loading ??= import('./LoadedNotifications.tsx').then(
    (module) => module.Notifications,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const hasAny = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length > 0 || queue.length > 0;
};

/**
 * Where notifications show. Mantine's container (with its transitions) is not part of the first
 * screen's JavaScript (docs/performance.md, "Initial JavaScript"): it is fetched with the warm-ups
 * a few seconds after the page has loaded (ui/warm-up.ts), or at once when a notification is shown
 * before that. Screens call `notifications.show` as always; the store (`notificationsStore`) keeps
 * what they show until the container is there to render it.
 */
export function NotificationArea({ position }: { position: NotificationsProps['position'] }) {
  const [Container, setContainer] = useState<ComponentType<NotificationsProps> | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => loadNotifications().then((loaded) => live && setContainer(() => loaded));
    const stop = notificationsStore.subscribe(() => {
      if (hasAny()) load().catch(() => undefined);
    });
    if (hasAny()) load().catch(() => undefined);
    warmUpLater(load);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return Container ? <Container position={position} /> : null;
}
