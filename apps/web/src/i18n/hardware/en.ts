import type { hardwareErrorCodesDe } from './de.ts';

export const hardwareErrorCodesEn: typeof hardwareErrorCodesDe = {
  order_status_invalid: 'An order that is {{from}} cannot become {{to}}.',
};
