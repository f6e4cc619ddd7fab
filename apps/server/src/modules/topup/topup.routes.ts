import { envelopeOf } from '@portal/contract/envelope';
import { RULES } from '@portal/contract/rules';
import { dtOneAnswer, dtOneBody } from '@portal/contract/topup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { TopupCatalogueService } from './catalogue.service.ts';

const tags = ['topup'];

export function topupRoutes(s: { catalogue: TopupCatalogueService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dt_one/',
      {
        schema: { tags, body: dtOneBody, response: { 200: envelopeOf(dtOneAnswer) } },
        config: { rule: RULES.internationalTopup },
      },
      async (req) => ok(await s.catalogue.query(req.body)),
    );
  };
}
