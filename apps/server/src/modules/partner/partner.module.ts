import { PARTNER_API_PREFIX } from '@portal/contract/partner';
import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import type { CreditModule } from '../credit/credit.module.ts';
import type { SellingModule } from '../selling/selling.module.ts';
import type { TopupModule } from '../topup/topup.module.ts';
import { apiKeysRoutes } from './api-keys.routes.ts';
import { createApiKeysService } from './api-keys.service.ts';
import { partnerJobs } from './partner.jobs.ts';
import { createPartnerRepository } from './partner.repository.ts';
import { partnerRoutes } from './partner.routes.ts';
import { createPartnerService } from './partner.service.ts';
import { registerPartnerDocs } from './partner-docs.ts';
import { partnerTopupsRoutes } from './partner-topups.routes.ts';
import { createPartnerTopupsService } from './partner-topups.service.ts';
import { createWebhooksRepository, type EventSource } from './webhooks.repository.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import { createWebhooksService } from './webhooks.service.ts';

/** The partner API (decision 0097): API keys, the REST calls a shop's till makes with them, webhooks. */
export function createPartnerModule(deps: {
  db: Db;
  clock: Clock;
  selling: Pick<SellingModule['services'], 'keys' | 'purchase' | 'sales' | 'shop'>;
  credit: Pick<CreditModule['services'], 'views'>;
  /** International top-ups, when DT One is configured (as the portal's own top-up calls). */
  topups: TopupModule['services'];
  jobs: Jobs;
  pinCrypto: Pick<PinCrypto, 'encrypt' | 'decrypt'>;
  /** The highest settled id of a table (the reports' rollup rule): the event job reads each source up to it. */
  settledId: (table: EventSource) => Promise<number | null>;
  /** Tests only (refused in production): lets webhooks reach a receiver on this machine. */
  allowPrivateTargets: boolean;
}) {
  const { selling, clock } = deps;
  const repo = createPartnerRepository(deps.db);
  const webhooks = createWebhooksService({
    repo: createWebhooksRepository(deps.db),
    shops: repo,
    pinCrypto: deps.pinCrypto,
    jobs: deps.jobs,
    clock,
    settledId: deps.settledId,
    allowPrivateTargets: deps.allowPrivateTargets,
  });
  const { catalogue, sales, views } = deps.topups;
  const services = {
    apiKeys: createApiKeysService({ repo, webhooks, clock }),
    partner: createPartnerService({ ...selling, views: deps.credit.views }),
    topups:
      catalogue && sales && views ? createPartnerTopupsService({ keys: selling.keys, catalogue, sales, views }) : null,
    webhooks,
  };
  return {
    name: 'partner',
    services,
    register: async (app) => {
      await app.register(apiKeysRoutes(services.apiKeys), { prefix: '/api' });
      await app.register(webhooksRoutes(services.webhooks), { prefix: '/api' });
      await app.register(async (scope) => {
        await registerPartnerDocs(scope);
        await scope.register(partnerRoutes(services.partner), { prefix: PARTNER_API_PREFIX });
        if (services.topups) await scope.register(partnerTopupsRoutes(services.topups), { prefix: PARTNER_API_PREFIX });
      });
    },
    jobs: partnerJobs({ webhooks }),
  } satisfies PortalModule<typeof services>;
}
