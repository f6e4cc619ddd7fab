import type { NotificationData } from '@mantine/notifications';
import { createStore } from './store.ts';

/** Becomes true with the first notification; the app then mounts the notification container. */
export const notificationsWanted = createStore(false);

/**
 * Shows a notification. The notifications package (with its transition and scroll libraries) is loaded on first use:
 * most visits, the sign-in page included, never show one.
 */
export function notify(data: NotificationData): void {
  notificationsWanted.set(true);
  import('@mantine/notifications').then(
    ({ notifications }) => notifications.show(data),
    // Without the package there is nowhere to show the message; the action it reports has already happened.
    () => undefined,
  );
}
