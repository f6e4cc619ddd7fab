import { dynamicBalance, ledgerRow } from '@portal/contract/credit';
import { envelopeOf, pageOf, refusalEnvelope } from '@portal/contract/envelope';
import {
  idempotencyHeaders,
  PARTNER_RATE_LIMIT_PER_MINUTE,
  partnerBulkPurchaseBody,
  partnerLedgerQuery,
  partnerProductsQuery,
  partnerPurchaseBody,
  partnerSaleParams,
} from '@portal/contract/partner';
import { RULES, type Rule } from '@portal/contract/rules';
import { bulkPurchaseResult, reprintReceipt, saleReceipt, sellerProductRow } from '@portal/contract/selling';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sha256 } from '../../platform/crypto.ts';
import { ok, page, sendKeyed } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { bearerToken } from '../../platform/guard.ts';
import type { PartnerService } from './partner.service.ts';
import { PARTNER_EXAMPLES as EX } from './partner-examples.ts';

const tags = ['partner'];
export const refused = {
  '4xx': refusalEnvelope.meta({
    example: {
      message_type: 0,
      message: 'Requests from 198.51.100.9 are not allowed',
      code: 'ip_not_allowed',
      params: { ip: '198.51.100.9' },
    },
  }),
};
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

/** A partner call: known by its API key, limited per key, and passing the key's user's rule. */
export const partnerCall = (rule: Rule) => ({ rule, auth: 'api_key' as const, rateLimit: perKeyLimit });

/** The partner API, `/api/partner/v1/…` (decision 0097): REST paths, the portal's envelope and codes. */
export function partnerRoutes(partner: PartnerService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/products',
      {
        schema: {
          summary: 'Sellable products with prices and availability',
          querystring: partnerProductsQuery,
          tags,
          response: {
            200: envelopeOf(pageOf('products', sellerProductRow)).meta({ example: EX.products }),
            ...refused,
          },
        },
        config: partnerCall(RULES.partnerApi),
      },
      async (req) => {
        const r = await partner.findProducts(req.actor, req.query);
        return ok(page('products', r.items, r.total, r.page));
      },
    );

    // The answer's status is the purchase's: 200, or a refusal remembered with the Idempotency-Key.
    const purchases = [
      {
        path: '/purchases',
        kind: 'single',
        summary: 'Buy up to 20 PINs; the answer carries them',
        body: partnerPurchaseBody,
        answer: envelopeOf(saleReceipt).meta({ example: EX.purchase }),
      },
      {
        path: '/bulk_purchases',
        kind: 'bulk',
        summary: 'Buy up to 1500 PINs; fetch them with GET /sales/{sale_id}',
        body: partnerBulkPurchaseBody,
        answer: envelopeOf(bulkPurchaseResult).meta({ example: EX.bulkPurchase }),
      },
    ] as const;
    for (const c of purchases) {
      app.post(
        c.path,
        {
          schema: {
            summary: c.summary,
            headers: idempotencyHeaders.loose(),
            body: c.body,
            tags,
            response: { 200: c.answer, ...refused },
          },
          config: partnerCall(RULES.purchase),
        },
        async (req, reply) =>
          sendKeyed(reply, await partner.buy(req.actor, req.headers['idempotency-key'], req.body, c.kind)),
      );
    }

    app.get(
      '/sales/:sale_id',
      {
        schema: {
          summary: "One of the shop's sales with its PINs in clear (recorded as shown)",
          params: partnerSaleParams,
          tags,
          response: { 200: envelopeOf(reprintReceipt).meta({ example: EX.sale }), ...refused },
        },
        config: partnerCall(RULES.partnerApi),
      },
      async (req) => ok(await partner.getSale(req.actor, req.params.sale_id)),
    );

    app.get(
      '/balance',
      {
        schema: {
          summary: "The shop's balance, outstanding credit and credit limit",
          tags,
          response: { 200: envelopeOf(dynamicBalance).meta({ example: EX.balance }), ...refused },
        },
        config: partnerCall(RULES.partnerApi),
      },
      async (req) => ok(await partner.getBalance(req.actor)),
    );
    app.get(
      '/ledger',
      {
        schema: {
          summary: "The shop's ledger lines, newest first",
          querystring: partnerLedgerQuery,
          tags,
          response: { 200: envelopeOf(pageOf('ledger', ledgerRow)).meta({ example: EX.ledger }), ...refused },
        },
        config: partnerCall(RULES.partnerApi),
      },
      async (req) => {
        const r = await partner.findLedger(req.actor, req.query);
        return ok(page('ledger', r.items, r.total, r.page, r.applied));
      },
    );
  };
}
