import { Suspense } from 'react';
import { notificationsWanted } from '../lib/notify.ts';
import { useStore } from '../lib/store.ts';
import { lazyPage } from './lazy-page.ts';

const Notifications = lazyPage(() => import('@mantine/notifications').then((m) => m.Notifications));

/** The notification container, mounted once the first notification is shown (see lib/notify.ts). */
export function NotificationsHost() {
  const wanted = useStore(notificationsWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Bottom right: at the top they covered the account menu and language switch in the header. */}
      <Notifications position="bottom-right" />
    </Suspense>
  );
}
