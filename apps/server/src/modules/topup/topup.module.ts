import type { PortalModule } from '../../platform/module.ts';
import type { DtOneClient } from '../../providers/dtone/client.ts';
import { createTopupCatalogueService } from './catalogue.service.ts';
import { topupRoutes } from './topup.routes.ts';

/** International top-up over DT One: number lookup and the operator's products. */
export function createTopupModule(deps: { dtOne: DtOneClient | null }) {
  const services = { catalogue: deps.dtOne ? createTopupCatalogueService({ dtOne: deps.dtOne }) : null };
  return {
    name: 'topup',
    services,
    register: async (app) => {
      if (services.catalogue) await app.register(topupRoutes({ catalogue: services.catalogue }), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
