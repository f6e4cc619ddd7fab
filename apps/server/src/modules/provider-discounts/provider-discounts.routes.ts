import { providerDiscountsEndpoints } from '@portal/contract/provider-discounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { ProviderDiscountsService } from './provider-discounts.service.ts';

export function providerDiscountsRoutes(s: ProviderDiscountsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, providerDiscountsEndpoints, { tags: ['provider-discounts'] });
    route('/provider_discounts/', async (req) => ok(await s.discounts(req.actor, req.body)));
  };
}
