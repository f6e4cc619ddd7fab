import type { Db } from '../../db/connect.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import { createProviderSaleDetailsRepository } from './provider-sale-details.repository.ts';
import { createProviderSaleDetailsService } from './provider-sale-details.service.ts';
import type { ProviderSaleDeps } from './provider-sale-flow.ts';
import { createProviderSalesRepository } from './provider-sales.repository.ts';
import { createProviderSalesService } from './provider-sales.service.ts';

/**
 * The provider-sale engine (decisions 0080, 0101), built once and handed to every provider (DT One, direct recharge,
 * bus tickets, soft pins): the sale under its transaction key, the money moved once per status through the ledger
 * core, the poll and the sweep, held sales, and one sale's details for the ledger lines that open it.
 */
export function createProviderSalesModule(
  deps: Omit<ProviderSaleDeps, 'repo' | 'pollMs'> & {
    db: Db;
    /** Opens a delivered soft pin only to show it masked in a sale's details. */
    pinCrypto: Pick<PinCrypto, 'decrypt'>;
  },
) {
  const repo = createProviderSalesRepository(deps.db);
  const services = {
    sales: createProviderSalesService({ ...deps, repo }),
    details: createProviderSaleDetailsService({
      repo: createProviderSaleDetailsRepository(deps.db),
      pinCrypto: deps.pinCrypto,
    }),
  };
  return {
    name: 'provider-sales',
    services,
    // Its views' routes are registered with the top-up's for now; each provider's jobs are its own (`providerSaleJobs`).
    register: async () => {},
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
export type ProviderSalesModule = ReturnType<typeof createProviderSalesModule>;
