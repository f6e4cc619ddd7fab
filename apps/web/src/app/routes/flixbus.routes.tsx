import { IconBus } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

export const flixbusRoutes: AppRoute[] = [
  route(
    '/flixbus',
    'screen.flixbus',
    () => import('../../features/flixbus/flixbus.page.tsx').then((m) => m.FlixbusPage),
    { menu: { group: 'selling', icon: IconBus } },
  ),
];
