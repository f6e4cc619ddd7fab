import type { NotificationData } from '@mantine/notifications';
import i18next from 'i18next';
import { describeError } from './errors.ts';
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

/** Takes a notification away before its time (an Undo toast once its action was taken back). */
export function hideNotification(id: string): void {
  import('@mantine/notifications').then(
    ({ notifications }) => notifications.hide(id),
    () => undefined,
  );
}

/** A failed call as a red notification in the user's language: the one place such a message is shaped. */
export function notifyError(error: unknown): void {
  notify({ color: 'red', message: describeError(i18next.t, error) });
}
