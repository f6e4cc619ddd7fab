import { languageOfUser } from '../../platform/language.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { DtOneClient } from '../../providers/dtone/client.ts';
import type { ProviderSaleDetailsService } from '../provider-sales/provider-sale-details.service.ts';
import type { DiscountsOf } from '../provider-sales/provider-sale-flow.ts';
import { createProviderSaleViewsService } from '../provider-sales/provider-sale-views.service.ts';
import type { ProviderModuleDeps } from '../provider-sales/provider-sales.service.ts';
import { createTopupCatalogueService } from './catalogue.service.ts';
import { createReconciliationRepository } from './reconciliation.repository.ts';
import { createTopupReconciliation } from './reconciliation.service.ts';
import { topupJobs } from './topup.jobs.ts';
import { topupRoutes, topupViewsRoutes } from './topup.routes.ts';
import { createTopupCallbackService, type DtOneCallbackConfig, dtOneCallbackUrl } from './topup-callback.service.ts';
import { createTopupSalesService } from './topup-sales.service.ts';

/** International top-up over DT One: number lookup, the operator's products, sending and following a top-up. */
export function createTopupModule(
  deps: ProviderModuleDeps & {
    dtOne: DtOneClient | null;
    discounts: DiscountsOf;
    pollMs: number;
    callback: DtOneCallbackConfig | null;
    /** One provider sale's details, for the ledger lines that open it (the engine's). */
    details: ProviderSaleDetailsService;
    /** DT One's available balance (EUR) below which the superadmin is alerted. */
    balanceAlertBelow?: string;
  },
) {
  const { dtOne, discounts, providerSales } = deps;
  const dtOneServices = dtOne ? topupServices(dtOne) : null;
  function topupServices(client: DtOneClient) {
    const callbackUrl = deps.callback ? dtOneCallbackUrl(deps.callback) : null;
    const sales = createTopupSalesService({ ...deps, dtOne: client, callbackUrl });
    return {
      catalogue: createTopupCatalogueService({ dtOne: client, providerSales, discounts, clock: deps.clock }),
      sales,
      reconciliation: createTopupReconciliation({
        repo: createReconciliationRepository(deps.db),
        providerSales,
        dtOne: client,
        clock: deps.clock,
        balanceAlertBelow: deps.balanceAlertBelow ?? '500',
      }),
      callback: deps.callback ? createTopupCallbackService({ config: deps.callback, providerSales, sales }) : null,
    };
  }
  // The lists of all providers' sales exist whichever providers are configured.
  const views = createProviderSaleViewsService({
    providerSales,
    clock: deps.clock,
    languageOfUser: (userId) => languageOfUser(deps.db, userId),
  });
  return {
    name: 'topup',
    services: {
      catalogue: dtOneServices?.catalogue ?? null,
      sales: dtOneServices?.sales ?? null,
      reconciliation: dtOneServices?.reconciliation ?? null,
      views,
    },
    register: async (app) => {
      await app.register(topupViewsRoutes(views, deps.details, dtOneServices?.reconciliation ?? null), {
        prefix: '/api',
      });
      if (dtOneServices) await app.register(topupRoutes({ ...dtOneServices, views }), { prefix: '/api' });
    },
    jobs: dtOneServices ? topupJobs(dtOneServices) : [],
  } satisfies PortalModule<object>;
}
export type TopupModule = ReturnType<typeof createTopupModule>;
