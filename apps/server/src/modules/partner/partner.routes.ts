import { PARTNER_RATE_LIMIT_PER_MINUTE, partnerEndpoints, partnerRefusal } from '@portal/contract/partner';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sha256 } from '../../platform/crypto.ts';
import { ok, page, sendKeyed } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { bearerToken } from '../../platform/guard.ts';
import { type RouteFileOptions, routesOf } from '../../platform/routes.ts';
import type { PartnerService } from './partner.service.ts';

/** One limit per key over all partner calls together, counted on the shared store (every server copy). */
const perKeyLimit = {
  max: PARTNER_RATE_LIMIT_PER_MINUTE,
  timeWindow: 60_000,
  groupId: 'partner',
  keyGenerator: (req: FastifyRequest) => `key-${sha256(bearerToken(req))}`,
  errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number }) =>
    new AppError('throttled', 'Too many requests for this API key; please slow down', {
      retry_after: Math.max(1, Math.ceil(ctx.ttl / 1000)),
    }),
};

/** A partner call: known by its API key, limited per key, its refusals documented with the partner example. */
export const partnerCalls = (tags: string[]): RouteFileOptions => ({
  tags,
  config: { auth: 'api_key', rateLimit: perKeyLimit },
  refusal: partnerRefusal,
});

/** The partner API, `/api/partner/v1/…` (decision 0097): REST paths, the portal's envelope and codes. */
export function partnerRoutes(partner: PartnerService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, partnerEndpoints, partnerCalls(['partner']));
    route('GET /products', async (req) => {
      const r = await partner.findProducts(req.actor, req.query);
      return ok(page('products', r.items, r.total, r.page));
    });
    // The answer's status is the purchase's: 200, or a refusal remembered with the Idempotency-Key.
    route('POST /purchases', async (req, reply) =>
      sendKeyed(reply, await partner.buy(req.actor, req.headers['idempotency-key'], req.body, 'single')),
    );
    route('POST /bulk_purchases', async (req, reply) =>
      sendKeyed(reply, await partner.buy(req.actor, req.headers['idempotency-key'], req.body, 'bulk')),
    );
    route('GET /sales/{sale_id}', async (req) => ok(await partner.getSale(req.actor, req.params.sale_id)));
    route('GET /balance', async (req) => ok(await partner.getBalance(req.actor)));
    route('GET /ledger', async (req) => {
      const r = await partner.findLedger(req.actor, req.query);
      return ok(page('ledger', r.items, r.total, r.page, r.applied));
    });
  };
}
