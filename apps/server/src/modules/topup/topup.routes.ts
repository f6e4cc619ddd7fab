import { envelopeOf, pageOf, refusalEnvelope } from '@portal/contract/envelope';
import { RULES } from '@portal/contract/rules';
import {
  dtOneAnswer,
  dtOneBody,
  internationalTopupBody,
  internationalTopupsQuery,
  topupSale,
} from '@portal/contract/topup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, sendKeyed } from '../../platform/envelope.ts';
import type { TopupCatalogueService } from './catalogue.service.ts';
import type { TopupSalesService } from './topup-sales.service.ts';

const tags = ['topup'];

export function topupRoutes(s: { catalogue: TopupCatalogueService; sales: TopupSalesService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dt_one/',
      {
        schema: { tags, body: dtOneBody, response: { 200: envelopeOf(dtOneAnswer) } },
        config: { rule: RULES.internationalTopup },
      },
      async (req) => {
        const { configuration } = req.body;
        if (configuration === '6') return ok(await s.sales.confirm(req.actor, req.body));
        if (configuration === '41') return ok(await s.sales.status(req.actor, req.body));
        return ok(await s.catalogue.query(req.actor, req.body));
      },
    );
    app.post(
      '/international_top_up_transaction/',
      {
        schema: {
          tags,
          body: internationalTopupBody,
          response: { 200: envelopeOf(topupSale), '4xx': refusalEnvelope },
        },
        config: { rule: RULES.internationalTopup },
      },
      async (req, reply) => sendKeyed(reply, await s.sales.send(req.actor, req.body)),
    );
    app.post(
      '/get_international_top_up/',
      {
        schema: { tags, body: internationalTopupsQuery, response: { 200: envelopeOf(pageOf('top_ups', topupSale)) } },
        config: { rule: RULES.internationalTopup },
      },
      async (req) => ok(await s.sales.findTopups(req.actor, req.body)),
    );
  };
}
