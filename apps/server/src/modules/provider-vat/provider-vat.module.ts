import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { PortalModule } from '../../platform/module.ts';
import { createProviderVatRepository } from './provider-vat.repository.ts';
import { providerVatRoutes } from './provider-vat.routes.ts';
import { createProviderVatService } from './provider-vat.service.ts';

/** The VAT treatment of provider goods with valid-from dates (decision 0132), read by invoices and the bus ticket. */
export function createProviderVatModule(deps: { db: Db; clock: Clock }) {
  const providerVat = createProviderVatService({ ...deps, repo: createProviderVatRepository(deps.db) });
  return {
    name: 'provider-vat',
    services: { providerVat },
    register: async (app) => {
      await app.register(providerVatRoutes(providerVat), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<object>;
}
