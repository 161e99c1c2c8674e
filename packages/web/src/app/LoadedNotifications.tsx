// Mantine's notification container, in a chunk of its own (see NotificationArea.tsx).
export { Notifications } from '@mantine/notifications';
