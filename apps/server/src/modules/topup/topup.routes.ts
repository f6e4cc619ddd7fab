import { emptyEnvelope, envelopeOf, pageOf, pageQuery, refusalEnvelope } from '@portal/contract/envelope';
import { providerSaleDetails, providerSaleIdQuery } from '@portal/contract/provider-sales';
import { RULES } from '@portal/contract/rules';
import {
  checkTopupBody,
  dtOneAnswer,
  dtOneBody,
  internationalTopupBody,
  internationalTopupsQuery,
  pendingTopup,
  rechargeSummary,
  rechargeSummaryQuery,
  topupSale,
} from '@portal/contract/topup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, sendFile, sendKeyed } from '../../platform/envelope.ts';
import type { TopupCatalogueService } from './catalogue.service.ts';
import type { ProviderSaleDetailsService } from './provider-sale-details.service.ts';
import type { TopupCallbackService } from './topup-callback.service.ts';
import type { TopupSalesService } from './topup-sales.service.ts';
import type { TopupViewsService } from './topup-views.service.ts';

const tags = ['topup'];

/**
 * The views of every provider's sales: the shop's recharge summary, the platform's sales pending for a day, and one
 * sale's details for the ledger lines that open it.
 */
export function topupViewsRoutes(views: TopupViewsService, details: ProviderSaleDetailsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/get_provider_sale_details/',
      {
        schema: { tags, querystring: providerSaleIdQuery, response: { 200: envelopeOf(providerSaleDetails) } },
        config: { rule: RULES.saleDetails },
      },
      async (req) => ok(await details.details(req.actor, req.query.sale_id)),
    );
    app.post(
      '/get_recharge_summary/',
      {
        schema: { tags, body: rechargeSummaryQuery, response: { 200: envelopeOf(rechargeSummary) } },
        config: { rule: RULES.seller, file: 'text/csv' },
      },
      async (req, reply) => {
        const q = req.body;
        if (q.format !== 'csv') return ok(await views.rechargeSummary(req.actor, q));
        const csv = await views.rechargeSummaryCsv(req.actor, q);
        return sendFile(reply, 'text/csv; charset=utf-8', `recharge-summary-${q.from}-${q.to}.csv`, csv);
      },
    );
    app.post(
      '/view_pending_top_ups/',
      {
        schema: { tags, body: pageQuery, response: { 200: envelopeOf(pageOf('top_ups', pendingTopup)) } },
        config: { rule: RULES.topupsPending },
      },
      async (req) => ok(await views.findStuck(req.actor, req.body)),
    );
    app.post(
      '/check_top_up_status/',
      {
        schema: { tags, body: checkTopupBody, response: { 200: envelopeOf(pendingTopup) } },
        config: { rule: RULES.topupsPending },
      },
      async (req) => ok(await views.checkNow(req.actor, req.body.sale_id)),
    );
  };
}

/** DT One's callback body: only the ids that say which transaction to ask DT One about. */
const callbackBody = z.looseObject({ id: z.number().int().optional(), external_id: z.string().max(100).optional() });

export function topupRoutes(s: {
  catalogue: TopupCatalogueService;
  sales: TopupSalesService;
  views: TopupViewsService;
  callback: TopupCallbackService | null;
}): FastifyPluginAsyncZod {
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
      async (req) => ok(await s.views.findTopups(req.actor, req.body)),
    );
    const callback = s.callback;
    if (callback) {
      app.post(
        '/dt_one_callback/',
        {
          schema: {
            tags,
            querystring: z.object({ token: z.string().max(200) }),
            body: callbackBody,
            response: { 200: emptyEnvelope },
          },
          config: { rule: RULES.public },
        },
        async (req) => {
          await callback.receive(req.query.token, req.body);
          return ok(undefined);
        },
      );
    }
  };
}
