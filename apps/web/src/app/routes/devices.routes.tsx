import { IconDeviceDesktop } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

const assignDevices = () => import('../../features/devices/assign-devices.page.tsx').then((m) => m.AssignDevicesPage);

export const deviceRoutes: AppRoute[] = [
  route(
    '/devices',
    'screen.devices',
    () => import('../../features/devices/device-list.page.tsx').then((m) => m.DeviceListPage),
    {
      menu: { group: 'catalogue', icon: IconDeviceDesktop },
    },
  ),
  route('/device/add', 'screen.deviceAdd', () =>
    import('../../features/devices/device-add.page.tsx').then((m) => m.DeviceAddPage),
  ),
  route('/device/edit/:data', 'screen.deviceEdit', () =>
    import('../../features/devices/device-edit.page.tsx').then((m) => m.DeviceEditPage),
  ),
  route('/assign/devices/', 'screen.assignDevices', assignDevices, {
    props: { manage: true },
    menu: { group: 'customers', icon: IconDeviceDesktop },
  }),
  route('/user/devices', 'screen.userDevices', assignDevices, { props: { manage: false } }),
  route('/customer/devices/:customerId', 'screen.customerDevices', assignDevices, { props: { manage: true } }),
];
