import type { hardwareErrorCodesDe } from './de.ts';

export const hardwareErrorCodesTr: typeof hardwareErrorCodesDe = {
  order_status_invalid: '‘{{from}}’ durumundaki bir sipariş ‘{{to}}’ durumuna geçemez.',
};
