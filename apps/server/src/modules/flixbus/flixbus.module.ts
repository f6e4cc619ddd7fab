import type { PortalModule } from '../../platform/module.ts';
import type { FlixbusClient } from '../../providers/flixbus/client.ts';
import type { DiscountsOf } from '../provider-sales/provider-sale-flow.ts';
import type { ProviderModuleDeps } from '../provider-sales/provider-sales.service.ts';
import type { ProviderVatService } from '../provider-vat/provider-vat.service.ts';
import { flixbusJobs } from './flixbus.jobs.ts';
import { createFlixbusRepository } from './flixbus.repository.ts';
import { flixbusRoutes } from './flixbus.routes.ts';
import { createFlixbusService } from './flixbus.service.ts';

/** Bus tickets over the bus provider (decision 0103); without a provider (`off`) it has no routes and no jobs. */
export function createFlixbusModule(
  deps: ProviderModuleDeps & {
    provider: FlixbusClient | null;
    discounts: DiscountsOf;
    pollMs: number;
    vatAt: ProviderVatService['findAt'];
  },
) {
  const { provider } = deps;
  const sales = provider
    ? createFlixbusService({
        ...deps,
        provider,
        bookings: createFlixbusRepository(deps.db),
      })
    : null;
  return {
    name: 'flixbus',
    services: { sales },
    register: async (app) => {
      if (sales) await app.register(flixbusRoutes(sales), { prefix: '/api' });
    },
    jobs: sales ? flixbusJobs({ sales }) : [],
  } satisfies PortalModule<object>;
}
