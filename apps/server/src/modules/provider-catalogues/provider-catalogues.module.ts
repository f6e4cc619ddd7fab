import type { SoftApiProduct } from '@portal/contract/dynamic-products';
import type { Clock } from '../../platform/clock.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { DirectRechargeClient } from '../../providers/direct-recharge/client.ts';
import type { DtOneClient } from '../../providers/dtone/client.ts';
import type { FlixbusClient } from '../../providers/flixbus/client.ts';
import type { SoftPinClient } from '../../providers/softpin/client.ts';
import type { ProviderDefaults } from '../provider-discounts/provider-discounts.service.ts';
import { providerCataloguesRoutes } from './provider-catalogues.routes.ts';
import { createProviderCataloguesService } from './provider-catalogues.service.ts';

/**
 * The superadmin's reading of the provider catalogues (issue 40, decision 0144): no tables of its own; the
 * providers' catalogues through their adapters, priced with the provider discounts' defaults and the soft pins'
 * configuration of the dynamic-products module.
 */
export function createProviderCataloguesModule(deps: {
  clock: Clock;
  dtOne: DtOneClient | null;
  directRecharge: DirectRechargeClient | null;
  flixbus: FlixbusClient | null;
  softPin: SoftPinClient | null;
  softPinCatalogue: (() => Promise<{ products: SoftApiProduct[] }>) | null;
  defaults: ProviderDefaults;
  healthTimeoutMs?: number;
}) {
  const providerCatalogues = createProviderCataloguesService(deps);
  return {
    name: 'provider-catalogues',
    services: { providerCatalogues },
    register: async (app) => {
      await app.register(providerCataloguesRoutes(providerCatalogues), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<object>;
}
