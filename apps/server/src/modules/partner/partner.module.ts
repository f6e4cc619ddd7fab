import { PARTNER_API_PREFIX } from '@portal/contract/partner';
import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { CreditModule } from '../credit/credit.module.ts';
import type { SellingModule } from '../selling/selling.module.ts';
import { apiKeysRoutes } from './api-keys.routes.ts';
import { createApiKeysService } from './api-keys.service.ts';
import { createPartnerRepository } from './partner.repository.ts';
import { partnerRoutes } from './partner.routes.ts';
import { createPartnerService } from './partner.service.ts';
import { registerPartnerDocs } from './partner-docs.ts';

/** The partner API (issue 15, decision 0097): API keys and the REST calls a shop's till makes with them. */
export function createPartnerModule(deps: {
  db: Db;
  clock: Clock;
  selling: Pick<SellingModule['services'], 'keys' | 'purchase' | 'sales' | 'shop'>;
  credit: Pick<CreditModule['services'], 'views'>;
}) {
  const { selling } = deps;
  const services = {
    apiKeys: createApiKeysService({ repo: createPartnerRepository(deps.db), clock: deps.clock }),
    partner: createPartnerService({ ...selling, views: deps.credit.views }),
  };
  return {
    name: 'partner',
    services,
    register: async (app) => {
      await app.register(apiKeysRoutes(services.apiKeys), { prefix: '/api' });
      await app.register(async (scope) => {
        await registerPartnerDocs(scope);
        await scope.register(partnerRoutes(services.partner), { prefix: PARTNER_API_PREFIX });
      });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
