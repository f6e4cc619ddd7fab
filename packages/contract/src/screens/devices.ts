import { RULES, type Rule } from '../rules.ts';
export const devicesScreens = {
  '/devices': RULES.devicesSuperadmin,
  '/device/add': RULES.devicesSuperadmin,
  '/device/edit/:data': RULES.devicesSuperadmin,
  '/assign/devices/': RULES.devicesReseller,
  '/user/devices': RULES.devicesReseller,
  '/customer/devices/:customerId': RULES.devicesReseller,
} as const satisfies Record<string, Rule>;
