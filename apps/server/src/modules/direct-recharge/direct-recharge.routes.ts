import {
  checkDirectRechargeBody,
  directRechargeBody,
  directRechargeCatalogue,
  directRechargeHistoryQuery,
} from '@portal/contract/direct-recharge';
import { envelopeOf, pageOf, refusalEnvelope } from '@portal/contract/envelope';
import { RULES } from '@portal/contract/rules';
import { topupSale } from '@portal/contract/topup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, sendKeyed } from '../../platform/envelope.ts';
import type { DirectRechargeService } from './direct-recharge.service.ts';

const tags = ['direct-recharge'];
const config = { rule: RULES.directRecharge };

export function directRechargeRoutes(s: DirectRechargeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/get_direct_recharge_products_with_dr_and_cc/',
      { schema: { tags, response: { 200: envelopeOf(directRechargeCatalogue) } }, config },
      async (req) => ok(await s.catalogue(req.actor)),
    );
    app.post(
      '/direct_recharge_with_mobile_with_dr_and_cc/',
      {
        schema: { tags, body: directRechargeBody, response: { 200: envelopeOf(topupSale), '4xx': refusalEnvelope } },
        config,
      },
      async (req, reply) => sendKeyed(reply, await s.send(req.actor, req.body)),
    );
    app.post(
      '/check_direct_recharge_transaction/',
      { schema: { tags, body: checkDirectRechargeBody, response: { 200: envelopeOf(topupSale) } }, config },
      async (req) => ok(await s.check(req.actor, req.body.sale_id)),
    );
    app.post(
      '/get_direct_recharge_history/',
      {
        schema: {
          tags,
          body: directRechargeHistoryQuery,
          response: { 200: envelopeOf(pageOf('recharges', topupSale)) },
        },
        config,
      },
      async (req) => ok(await s.history(req.actor, req.body)),
    );
  };
}
