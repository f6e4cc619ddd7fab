import type { devicesErrorCodesDe } from './de.ts';

export const devicesErrorCodesTr: typeof devicesErrorCodesDe = {
  terminal_limit_reached: 'Mağaza, terminal limitinin ({{terminal_limit}}) izin verdiği kadar cihaza zaten sahip.',
  serial_taken: '{{serial_no}} seri numaralı bir cihaz zaten kayıtlı.',
};
