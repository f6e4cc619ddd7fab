import { LIMITS } from '@portal/contract/limits';
import { providerSalesEndpoints } from '@portal/contract/provider-sales';
import {
  type DtOneBody,
  type InternationalTopupBody,
  internationalTopupBody,
  type TopupSale,
  topupCallbacks,
  topupEndpoints,
} from '@portal/contract/topup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page, sendKeyed } from '../../platform/envelope.ts';
import { validationError } from '../../platform/errors.ts';
import { sendExportFile } from '../../platform/export-file.ts';
import { routesOf } from '../../platform/routes.ts';
import type { ProviderSaleDetailsService } from '../provider-sales/provider-sale-details.service.ts';
import type { ProviderSaleViewsService } from '../provider-sales/provider-sale-views.service.ts';
import type { TopupCatalogueService } from './catalogue.service.ts';
import type { TopupReconciliation } from './reconciliation.service.ts';
import type { TopupCallbackService } from './topup-callback.service.ts';
import type { TopupSalesService } from './topup-sales.service.ts';

const tags = ['topup'];

/**
 * The views of every provider's sales: the shop's recharge summary, the platform's sales pending for a day, and one
 * sale's details for the ledger lines that open it.
 */
export function topupViewsRoutes(
  views: ProviderSaleViewsService,
  details: ProviderSaleDetailsService,
  /** Null without DT One: the pending screen then shows no balance and no differences. */
  reconciliation: TopupReconciliation | null,
): FastifyPluginAsyncZod {
  return async (app) => {
    routesOf(app, providerSalesEndpoints, { tags })('/get_provider_sale_details/', async (req) =>
      ok(await details.details(req.actor, req.query.sale_id)),
    );
    const route = routesOf(app, topupEndpoints, { tags });
    route('/get_recharge_summary/', async (req, reply) => {
      const q = req.body;
      if (!q.format) return ok(await views.rechargeSummary(req.actor, q));
      return sendExportFile(reply, await views.rechargeSummaryFile(req.actor, q, q.format));
    });
    route('/view_pending_top_ups/', async (req) => ok(await views.findStuck(req.actor, req.body)));
    route('/view_provider_reconciliation/', async (req) =>
      ok(await (reconciliation ? reconciliation.view(req.body) : noReconciliation(req.body))),
    );
    route('/check_top_up_status/', async (req) => ok(await views.checkNow(req.actor, req.body.sale_id)));
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

export function topupRoutes(s: {
  catalogue: TopupCatalogueService;
  sales: TopupSalesService;
  views: ProviderSaleViewsService;
  callback: TopupCallbackService | null;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, topupEndpoints, { tags });
    route('/dt_one/', async (req, reply) => {
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
    });
    route('/international_top_up_transaction/', async (req, reply) =>
      sendKeyed(reply, await s.sales.offer(req.actor, req.body)),
    );
    route('/get_international_top_up/', async (req) => ok(await s.views.findTopups(req.actor, req.body)));
    route('/resolve_held_top_up/', async (req) => {
      await s.sales.resolveHeld(req.actor, req.body.sale_id, req.body.resolution);
      return ok(await s.views.platformSale(req.actor, req.body.sale_id));
    });
    const callback = s.callback;
    if (callback) {
      routesOf(app, topupCallbacks, { tags })('/dt_one_callback/', async (req) => {
        await callback.receive(req.query.token, req.body);
        return ok(undefined);
      });
    }
  };
}
