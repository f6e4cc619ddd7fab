import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { PortalModule } from '../../platform/module.ts';
import { createProviderDiscountsRepository } from './provider-discounts.repository.ts';
import { providerDiscountsRoutes } from './provider-discounts.routes.ts';
import { createProviderDiscountsService, type ProviderDefaults } from './provider-discounts.service.ts';

/** Each customer's discount per provider (decision 0107), read by the DT One, direct recharge and bus sales. */
export function createProviderDiscountsModule(deps: { db: Db; clock: Clock; defaults: ProviderDefaults }) {
  const providerDiscounts = createProviderDiscountsService({
    ...deps,
    repo: createProviderDiscountsRepository(deps.db),
  });
  return {
    name: 'provider-discounts',
    services: { providerDiscounts },
    register: async (app) => {
      await app.register(providerDiscountsRoutes(providerDiscounts), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<object>;
}
