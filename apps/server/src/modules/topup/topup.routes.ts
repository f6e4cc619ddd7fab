import { emptyEnvelope, envelopeOf, pageOf, pageQuery, refusalEnvelope } from '@portal/contract/envelope';
import { LIMITS } from '@portal/contract/limits';
import { providerSaleDetails, providerSaleIdQuery } from '@portal/contract/provider-sales';
import { RULES } from '@portal/contract/rules';
import {
  checkTopupBody,
  type DtOneBody,
  dtOneAnswer,
  dtOneBody,
  type InternationalTopupBody,
  internationalTopupBody,
  internationalTopupsQuery,
  pendingTopup,
  providerReconciliation,
  rechargeSummary,
  rechargeSummaryQuery,
  resolveHeldTopupBody,
  type TopupSale,
  topupSale,
} from '@portal/contract/topup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, page, sendKeyed } from '../../platform/envelope.ts';
import { validationError } from '../../platform/errors.ts';
import { EXPORT_CONTENT_TYPES, sendExportFile } from '../../platform/export-file.ts';
import type { ProviderSaleDetailsService } from '../provider-sales/provider-sale-details.service.ts';
import type { TopupCatalogueService } from './catalogue.service.ts';
import type { TopupReconciliation } from './reconciliation.service.ts';
import type { TopupCallbackService } from './topup-callback.service.ts';
import type { TopupSalesService } from './topup-sales.service.ts';
import type { TopupViewsService } from './topup-views.service.ts';

const tags = ['topup'];

/**
 * The views of every provider's sales: the shop's recharge summary, the platform's sales pending for a day, and one
 * sale's details for the ledger lines that open it.
 */
export function topupViewsRoutes(
  views: TopupViewsService,
  details: ProviderSaleDetailsService,
  /** Null without DT One: the pending screen then shows no balance and no differences. */
  reconciliation: TopupReconciliation | null,
): FastifyPluginAsyncZod {
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
        config: { rule: RULES.seller, file: `text/csv, ${EXPORT_CONTENT_TYPES.xlsx}` },
      },
      async (req, reply) => {
        const q = req.body;
        if (!q.format) return ok(await views.rechargeSummary(req.actor, q));
        return sendExportFile(reply, await views.rechargeSummaryFile(req.actor, q, q.format));
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
      '/view_provider_reconciliation/',
      {
        schema: { tags, body: pageQuery, response: { 200: envelopeOf(providerReconciliation) } },
        config: { rule: RULES.topupsPending },
      },
      async (req) => ok(await (reconciliation ? reconciliation.view(req.body) : noReconciliation(req.body))),
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

/** The reconciliation's answer without DT One: nothing to compare, no balance. */
const noReconciliation = (q: { page: number; limit?: number }) => ({
  balance: null,
  last_run: null,
  ...page('differences', [], 0, { page: q.page, limit: q.limit ?? LIMITS.pageSize }),
});

/** Configuration 3's fields, checked as `/international_top_up_transaction/` checks them. */
function offerBody(body: DtOneBody): InternationalTopupBody {
  const r = internationalTopupBody.safeParse(body);
  if (!r.success) {
    throw validationError(
      r.error.issues.map((i) => {
        const field = i.path.map(String).join('.') || 'body';
        return { field, rule: 'required', message: i.message.startsWith(field) ? i.message : `${field}: ${i.message}` };
      }),
    );
  }
  return r.data;
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
        schema: { tags, body: dtOneBody, response: { 200: envelopeOf(dtOneAnswer), '4xx': refusalEnvelope } },
        config: { rule: RULES.internationalTopup },
      },
      async (req, reply) => {
        const { configuration } = req.body;
        // Configuration 3 is `/international_top_up_transaction/` (the same service, the same sale), as `{ sale }`.
        if (configuration === '3') {
          const r = await s.sales.offer(req.actor, offerBody(req.body));
          if (r.status !== 200) return sendKeyed(reply, r);
          return sendKeyed(reply, { status: 200, answer: ok({ sale: r.answer.data as TopupSale }) });
        }
        if (configuration === '6' && req.body.cancel === 1) return ok(await s.sales.reject(req.actor, req.body));
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
      async (req, reply) => sendKeyed(reply, await s.sales.offer(req.actor, req.body)),
    );
    app.post(
      '/get_international_top_up/',
      {
        schema: { tags, body: internationalTopupsQuery, response: { 200: envelopeOf(pageOf('top_ups', topupSale)) } },
        config: { rule: RULES.internationalTopup },
      },
      async (req) => ok(await s.views.findTopups(req.actor, req.body)),
    );
    app.post(
      '/resolve_held_top_up/',
      {
        schema: { tags, body: resolveHeldTopupBody, response: { 200: envelopeOf(pendingTopup) } },
        config: { rule: RULES.topupsPending },
      },
      async (req) => {
        await s.sales.resolveHeld(req.actor, req.body.sale_id, req.body.resolution);
        return ok(await s.views.platformSale(req.actor, req.body.sale_id));
      },
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
