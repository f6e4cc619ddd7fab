import { envelopeOf, refusalEnvelope } from '@portal/contract/envelope';
import { providerDiscountsAnswer, providerDiscountsBody } from '@portal/contract/provider-discounts';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { ProviderDiscountsService } from './provider-discounts.service.ts';

export function providerDiscountsRoutes(s: ProviderDiscountsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/provider_discounts/',
      {
        schema: {
          tags: ['provider-discounts'],
          body: providerDiscountsBody,
          response: { 200: envelopeOf(providerDiscountsAnswer), '4xx': refusalEnvelope },
        },
        config: { rule: RULES.providerDiscounts },
      },
      async (req) => ok(await s.discounts(req.actor, req.body)),
    );
  };
}
