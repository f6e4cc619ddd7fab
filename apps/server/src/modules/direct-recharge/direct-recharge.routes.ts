import { directRechargeEndpoints } from '@portal/contract/direct-recharge';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, sendKeyed } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { DirectRechargeService } from './direct-recharge.service.ts';

const tags = ['direct-recharge'];

export function directRechargeRoutes(s: DirectRechargeService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, directRechargeEndpoints, { tags });
    route('/get_direct_recharge_products_with_dr_and_cc/', async (req) => ok(await s.catalogue(req.actor)));
    route('/direct_recharge_with_mobile_with_dr_and_cc/', async (req, reply) =>
      sendKeyed(reply, await s.send(req.actor, req.body)),
    );
    route('/check_direct_recharge_transaction/', async (req) => ok(await s.check(req.actor, req.body.sale_id)));
    route('/get_direct_recharge_history/', async (req) => ok(await s.history(req.actor, req.body)));
  };
}
