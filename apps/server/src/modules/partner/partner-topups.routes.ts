import { partnerEndpoints } from '@portal/contract/partner';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, sendKeyed } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import { partnerCalls } from './partner.routes.ts';
import type { PartnerTopupsService } from './partner-topups.service.ts';

/** International top-ups over the partner API (decision 0097): find the operator, pick a product, send, follow. */
export function partnerTopupsRoutes(topups: PartnerTopupsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, partnerEndpoints, partnerCalls(['partner top-ups']));
    route('GET /topups/lookup', async (req) => ok(await topups.lookup(req.actor, req.query)));
    route('GET /topups/products', async (req) => ok(await topups.products(req.actor, req.query)));
    route('POST /topups', async (req, reply) =>
      sendKeyed(reply, await topups.send(req.actor, req.headers['idempotency-key'], req.body)),
    );
    route('GET /topups', async (req) => ok(await topups.find(req.actor, req.query)));
    route('GET /topups/{topup_id}', async (req) => ok(await topups.get(req.actor, req.params.topup_id)));
  };
}
