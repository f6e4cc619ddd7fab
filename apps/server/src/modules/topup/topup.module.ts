import { languageOfUser } from '../../platform/language.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import type { DtOneClient } from '../../providers/dtone/client.ts';
import { createTopupCatalogueService } from './catalogue.service.ts';
import { createProviderSaleDetailsRepository } from './provider-sale-details.repository.ts';
import { createProviderSaleDetailsService } from './provider-sale-details.service.ts';
import type { DiscountsOf, ProviderModuleDeps } from './provider-sale-flow.ts';
import { createReconciliationRepository } from './reconciliation.repository.ts';
import { createTopupReconciliation } from './reconciliation.service.ts';
import { topupJobs } from './topup.jobs.ts';
import { createTopupRepository } from './topup.repository.ts';
import { topupRoutes, topupViewsRoutes } from './topup.routes.ts';
import { createTopupCallbackService, type DtOneCallbackConfig, dtOneCallbackUrl } from './topup-callback.service.ts';
import { createTopupSalesService } from './topup-sales.service.ts';
import { createTopupViewsService } from './topup-views.service.ts';

/** International top-up over DT One: number lookup, the operator's products, sending and following a top-up. */
export function createTopupModule(
  deps: ProviderModuleDeps & {
    dtOne: DtOneClient | null;
    discounts: DiscountsOf;
    callback: DtOneCallbackConfig | null;
    /** Opens a delivered soft pin only to show it masked in a sale's details. */
    pinCrypto: Pick<PinCrypto, 'decrypt'>;
    /** The other providers' sales, by provider: one step towards the final status (the pending list's "ask now"). */
    advanceOf: Record<string, (saleId: number) => Promise<unknown>>;
    /** DT One's available balance (EUR) below which the superadmin is alerted. */
    balanceAlertBelow?: string;
  },
) {
  const { dtOne, discounts } = deps;
  const repo = createTopupRepository(deps.db);
  const dtOneServices = dtOne ? topupServices(dtOne) : null;
  function topupServices(client: DtOneClient) {
    const callbackUrl = deps.callback ? dtOneCallbackUrl(deps.callback) : null;
    const sales = createTopupSalesService({ ...deps, repo, dtOne: client, callbackUrl });
    return {
      catalogue: createTopupCatalogueService({ dtOne: client, repo, discounts, clock: deps.clock }),
      sales,
      reconciliation: createTopupReconciliation({
        repo: createReconciliationRepository(deps.db),
        topupRepo: repo,
        dtOne: client,
        clock: deps.clock,
        balanceAlertBelow: deps.balanceAlertBelow ?? '500',
      }),
      callback: deps.callback ? createTopupCallbackService({ config: deps.callback, repo, sales }) : null,
    };
  }
  const advanceOf = dtOneServices
    ? { ...deps.advanceOf, dtone: (id: number) => dtOneServices.sales.advance(id) }
    : deps.advanceOf;
  // The lists of all providers' sales exist whichever providers are configured.
  const views = createTopupViewsService({
    repo,
    clock: deps.clock,
    advance: async (sale) => advanceOf[sale.provider]?.(sale.id),
    languageOfUser: (userId) => languageOfUser(deps.db, userId),
  });
  const details = createProviderSaleDetailsService({
    repo: createProviderSaleDetailsRepository(deps.db),
    pinCrypto: deps.pinCrypto,
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
      await app.register(topupViewsRoutes(views, details, dtOneServices?.reconciliation ?? null), { prefix: '/api' });
      if (dtOneServices) await app.register(topupRoutes({ ...dtOneServices, views }), { prefix: '/api' });
    },
    jobs: dtOneServices ? topupJobs(dtOneServices) : [],
  } satisfies PortalModule<object>;
}
export type TopupModule = ReturnType<typeof createTopupModule>;
