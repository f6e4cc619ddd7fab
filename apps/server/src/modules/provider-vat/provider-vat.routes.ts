import { envelopeOf, refusalEnvelope } from '@portal/contract/envelope';
import { providerVatAnswer, setProviderVatBody } from '@portal/contract/provider-vat';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { ProviderVatService } from './provider-vat.service.ts';

const tags = ['provider-vat'];

export function providerVatRoutes(s: ProviderVatService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/provider_vat_treatments/',
      {
        schema: { tags, response: { 200: envelopeOf(providerVatAnswer), '4xx': refusalEnvelope } },
        config: { rule: RULES.providerVat },
      },
      async () => ok(await s.list()),
    );
    app.post(
      '/set_provider_vat_treatment/',
      {
        schema: {
          tags,
          body: setProviderVatBody,
          response: { 200: envelopeOf(providerVatAnswer), '4xx': refusalEnvelope },
        },
        config: { rule: RULES.providerVat },
      },
      async (req) => ok(await s.set(req.actor, req.body)),
    );
  };
}
