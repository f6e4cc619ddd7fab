import { envelopeOf, refusalEnvelope } from '@portal/contract/envelope';
import { providerHealthAnswer, providerOffersAnswer, providerOffersQuery } from '@portal/contract/provider-catalogues';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { ProviderCataloguesService } from './provider-catalogues.service.ts';

const tags = ['provider-catalogues'];

/** The superadmin's provider catalogues screen (issue 40): one read per need, both under the screen's rule. */
export function providerCataloguesRoutes(s: ProviderCataloguesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/provider_offers/',
      {
        schema: {
          tags,
          querystring: providerOffersQuery,
          response: { 200: envelopeOf(providerOffersAnswer), '4xx': refusalEnvelope },
        },
        config: { rule: RULES.providerCatalogues },
      },
      async (req) => ok(await s.offers(req.query)),
    );
    app.get(
      '/provider_health/',
      {
        schema: { tags, response: { 200: envelopeOf(providerHealthAnswer), '4xx': refusalEnvelope } },
        config: { rule: RULES.providerCatalogues },
      },
      async () => ok(await s.health()),
    );
  };
}
