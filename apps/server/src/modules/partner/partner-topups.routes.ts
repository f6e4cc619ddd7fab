import { envelopeOf, pageOf } from '@portal/contract/envelope';
import {
  idempotencyHeaders,
  partnerTopup,
  partnerTopupBody,
  partnerTopupLookupQuery,
  partnerTopupParams,
  partnerTopupProductsQuery,
  partnerTopupsQuery,
} from '@portal/contract/partner';
import { RULES } from '@portal/contract/rules';
import { dtOneCatalogue } from '@portal/contract/topup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, sendKeyed } from '../../platform/envelope.ts';
import { partnerCall, refused } from './partner.routes.ts';
import { PARTNER_EXAMPLES as EX } from './partner-examples.ts';
import type { PartnerTopupsService } from './partner-topups.service.ts';

const tags = ['partner top-ups'];
const call = partnerCall(RULES.internationalTopup);

/** International top-ups over the partner API (decision 0097): find the operator, pick a product, send, follow. */
export function partnerTopupsRoutes(topups: PartnerTopupsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/topups/lookup',
      {
        schema: {
          summary: 'The operators of a mobile number',
          querystring: partnerTopupLookupQuery,
          tags,
          response: { 200: envelopeOf(dtOneCatalogue).meta({ example: EX.topupLookup }), ...refused },
        },
        config: call,
      },
      async (req) => ok(await topups.lookup(req.actor, req.query)),
    );
    app.get(
      '/topups/products',
      {
        schema: {
          summary: "An operator's (or a country's) top-ups with the shop's price, 100 a page",
          querystring: partnerTopupProductsQuery,
          tags,
          response: { 200: envelopeOf(dtOneCatalogue).meta({ example: EX.topupProducts }), ...refused },
        },
        config: call,
      },
      async (req) => ok(await topups.products(req.actor, req.query)),
    );
    app.post(
      '/topups',
      {
        schema: {
          summary: 'Send a top-up; it is pending until the provider’s final status (follow it with GET /topups/{id})',
          headers: idempotencyHeaders.loose(),
          body: partnerTopupBody,
          tags,
          response: { 200: envelopeOf(partnerTopup).meta({ example: EX.topupSent }), ...refused },
        },
        config: call,
      },
      async (req, reply) => sendKeyed(reply, await topups.send(req.actor, req.headers['idempotency-key'], req.body)),
    );
    app.get(
      '/topups',
      {
        schema: {
          summary: "The shop's top-ups, newest first",
          querystring: partnerTopupsQuery,
          tags,
          response: { 200: envelopeOf(pageOf('top_ups', partnerTopup)).meta({ example: EX.topups }), ...refused },
        },
        config: call,
      },
      async (req) => ok(await topups.find(req.actor, req.query)),
    );
    app.get(
      '/topups/:topup_id',
      {
        schema: {
          summary: 'One top-up and its status, asked of the provider while pending',
          params: partnerTopupParams,
          tags,
          response: { 200: envelopeOf(partnerTopup).meta({ example: EX.topupFinal }), ...refused },
        },
        config: call,
      },
      async (req) => ok(await topups.get(req.actor, req.params.topup_id)),
    );
  };
}
