import type { hardwareErrorCodesDe } from './de.ts';

export const hardwareErrorCodesFr: typeof hardwareErrorCodesDe = {
  order_status_invalid: 'Une commande au statut « {{from}} » ne peut pas passer à « {{to}} ».',
};
