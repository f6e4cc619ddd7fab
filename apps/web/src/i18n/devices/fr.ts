import type { devicesErrorCodesDe } from './de.ts';

export const devicesErrorCodesFr: typeof devicesErrorCodesDe = {
  terminal_limit_reached:
    'La boutique détient déjà autant d’appareils que sa limite de terminaux ({{terminal_limit}}) le permet.',
  serial_taken: 'Un appareil portant le numéro de série {{serial_no}} est déjà enregistré.',
};
