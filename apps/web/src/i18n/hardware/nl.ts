import type { hardwareErrorCodesDe } from './de.ts';

export const hardwareErrorCodesNl: typeof hardwareErrorCodesDe = {
  order_status_invalid: 'Een bestelling met status ‘{{from}}’ kan niet naar ‘{{to}}’ gaan.',
};
