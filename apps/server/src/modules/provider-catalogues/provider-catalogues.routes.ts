import { providerCataloguesEndpoints } from '@portal/contract/provider-catalogues';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { ProviderCataloguesService } from './provider-catalogues.service.ts';

const tags = ['provider-catalogues'];

/** The superadmin's provider catalogues screen (issue 40): one read per need, both under the screen's rule. */
export function providerCataloguesRoutes(s: ProviderCataloguesService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, providerCataloguesEndpoints, { tags });
    route('/provider_offers/', async (req) => ok(await s.offers(req.query)));
    route('/provider_health/', async () => ok(await s.health()));
  };
}
