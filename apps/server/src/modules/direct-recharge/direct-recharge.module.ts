import type { PortalModule } from '../../platform/module.ts';
import type { DirectRechargeClient } from '../../providers/direct-recharge/client.ts';
import type { DiscountsOf } from '../provider-sales/provider-sale-flow.ts';
import type { ProviderModuleDeps } from '../provider-sales/provider-sales.service.ts';
import { directRechargeJobs } from './direct-recharge.jobs.ts';
import { directRechargeRoutes } from './direct-recharge.routes.ts';
import { createDirectRechargeService } from './direct-recharge.service.ts';

/** Direct recharge over the generic recharge provider; without a provider (`off`) it has no routes and no jobs. */
export function createDirectRechargeModule(
  deps: ProviderModuleDeps & { provider: DirectRechargeClient | null; discounts: DiscountsOf; pollMs: number },
) {
  const { provider } = deps;
  const sales = provider ? createDirectRechargeService({ ...deps, provider }) : null;
  return {
    name: 'direct-recharge',
    services: { sales },
    register: async (app) => {
      if (sales) await app.register(directRechargeRoutes(sales), { prefix: '/api' });
    },
    jobs: sales ? directRechargeJobs({ sales }) : [],
  } satisfies PortalModule<object>;
}
