import { providerVatEndpoints } from '@portal/contract/provider-vat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { ProviderVatService } from './provider-vat.service.ts';

const tags = ['provider-vat'];

export function providerVatRoutes(s: ProviderVatService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, providerVatEndpoints, { tags });
    route('/provider_vat_treatments/', async () => ok(await s.list()));
    route('/set_provider_vat_treatment/', async (req) => ok(await s.set(req.actor, req.body)));
  };
}
