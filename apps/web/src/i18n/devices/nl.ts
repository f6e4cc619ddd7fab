import type { devicesErrorCodesDe } from './de.ts';

export const devicesErrorCodesNl: typeof devicesErrorCodesDe = {
  terminal_limit_reached: 'De winkel heeft al zoveel apparaten als de terminallimiet ({{terminal_limit}}) toestaat.',
  serial_taken: 'Er is al een apparaat met serienummer {{serial_no}} geregistreerd.',
};
