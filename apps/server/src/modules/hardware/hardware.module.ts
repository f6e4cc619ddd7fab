import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { Storage } from '../../platform/storage.ts';
import type { LedgerService } from '../credit/ledger.service.ts';
import { createHardwareRepository } from './hardware.repository.ts';
import { hardwareRoutes } from './hardware.routes.ts';
import { createHardwareCatalogueService } from './hardware-catalogue.service.ts';
import { createHardwareOrdersService } from './hardware-orders.service.ts';

/** The hardware shop: a reseller's categories and products, its shops' orders paid from their balance. */
export function createHardwareModule(deps: {
  db: Db;
  clock: Clock;
  storage: Storage;
  ledger: Pick<LedgerService, 'postEntry'>;
}) {
  const { db, clock, storage, ledger } = deps;
  const repo = createHardwareRepository(db);
  const services = {
    catalogue: createHardwareCatalogueService({ db, repo, storage, clock }),
    orders: createHardwareOrdersService({ db, repo, ledger, clock }),
  };
  return {
    name: 'hardware',
    services,
    register: async (app) => {
      await app.register(hardwareRoutes(services), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
