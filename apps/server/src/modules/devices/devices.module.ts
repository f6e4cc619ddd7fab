import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { PortalModule } from '../../platform/module.ts';
import { createDevicesRepository } from './devices.repository.ts';
import { devicesRoutes } from './devices.routes.ts';
import { createDevicesService } from './devices.service.ts';

/** Devices: registered by the platform, handed to resellers and by them to their shops. */
export function createDevicesModule(deps: { db: Db; clock: Clock }) {
  const services = {
    devices: createDevicesService({ db: deps.db, repo: createDevicesRepository(deps.db), clock: deps.clock }),
  };
  return {
    name: 'devices',
    services,
    register: async (app) => {
      await app.register(devicesRoutes(services.devices), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
