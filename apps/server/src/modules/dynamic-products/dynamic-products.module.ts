import type { Tx } from '../../db/connect.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import type { SoftPinClient } from '../../providers/softpin/client.ts';
import type { ProviderModuleDeps } from '../provider-sales/provider-sales.service.ts';
import { softPinJobs } from './dynamic-products.jobs.ts';
import { createDynamicProductsRepository } from './dynamic-products.repository.ts';
import { dynamicProductsRoutes } from './dynamic-products.routes.ts';
import { createDynamicProductsService } from './dynamic-products.service.ts';
import { createDynamicProductsConfigService } from './dynamic-products-config.service.ts';
import { createSoftPinCalls } from './softpin-calls.ts';

/** Soft pins and dynamic products over the generic soft-pin provider; without a provider (`off`) no routes, no jobs. */
export function createDynamicProductsModule(
  deps: ProviderModuleDeps & {
    provider: SoftPinClient | null;
    pollMs: number;
    pinCrypto: Pick<PinCrypto, 'encrypt' | 'decrypt' | 'index'>;
    /** Whether a reclamation credited a soft pin (reclamations module): a reversal after it refunds nothing. */
    creditedByReclamation?: (saleId: number, tx: Tx) => Promise<boolean>;
  },
) {
  const services = deps.provider ? softPinServices(deps.provider) : null;
  function softPinServices(provider: SoftPinClient) {
    const products = createDynamicProductsRepository(deps.db);
    const calls = createSoftPinCalls({ products, provider, clock: deps.clock });
    return {
      sales: createDynamicProductsService({ ...deps, products, calls }),
      config: createDynamicProductsConfigService({ db: deps.db, clock: deps.clock, products, calls }),
    };
  }
  const sales = services?.sales ?? null;
  return {
    name: 'dynamic-products',
    // The superadmin's provider catalogues screen reads the soft pins as `/get_softapi_products/` does.
    services: { sales, softPinCatalogue: services ? services.config.softApiProducts : null },
    register: async (app) => {
      if (services) await app.register(dynamicProductsRoutes(services), { prefix: '/api' });
    },
    jobs: sales ? softPinJobs({ sales }) : [],
  } satisfies PortalModule<object>;
}
