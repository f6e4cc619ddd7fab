import type { devicesErrorCodesDe } from './de.ts';

export const devicesErrorCodesEn: typeof devicesErrorCodesDe = {
  terminal_limit_reached: 'The shop already holds as many devices as its terminal limit ({{terminal_limit}}) allows.',
  serial_taken: 'A device with serial number {{serial_no}} is already registered.',
};
