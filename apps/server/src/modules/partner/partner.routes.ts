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
/** What a purchase answers, for the document's readers (values as the demo data would give them). */
const purchaseExample = {
  message_type: 1,
  message: 'Success',
  data: {
    sale_id: 4711,
    status: 'successful',
    kind: 'single',
    product: {
      product_id: 3,
      product_name: 'Prepaid 10',
      product_type: 'cash_card',
      product_image: null,
      customer_care: '0800 123456',
      instructions: 'Dial *100*PIN#',
    },
    configuration: { configuration_id: 12, value: '10.00', info: '' },
    quantity: 1,
    total_value: '10.00',
    unit_price: '9.70',
    total_price: '9.70',
    sold_at: '2026-11-26T09:30:00.000Z',
    sold_by: 'till-user',
    shop: { name: 'Demo Shop Berlin', address: null },
    pins: [{ pin_id: 90210, pin: '1234567890123456', serial: 'SN-1', lot: 'LOT-7' }],
  },
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
          response: { 200: envelopeOf(pageOf('products', sellerProductRow)), ...refused },
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
        answer: envelopeOf(saleReceipt).meta({ example: purchaseExample }),
      },
      {
        path: '/bulk_purchases',
        kind: 'bulk',
        summary: 'Buy up to 1500 PINs; fetch them with GET /sales/{sale_id}',
        body: partnerBulkPurchaseBody,
        answer: envelopeOf(bulkPurchaseResult),
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
          response: { 200: envelopeOf(reprintReceipt), ...refused },
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
          response: { 200: envelopeOf(dynamicBalance), ...refused },
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
          response: { 200: envelopeOf(pageOf('ledger', ledgerRow)), ...refused },
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
