import { envelopeOf, pageOf, refusalEnvelope } from '@portal/contract/envelope';
import { RULES } from '@portal/contract/rules';
import { SCREENS } from '@portal/contract/screens';
import {
  bulkPurchaseBody,
  bulkPurchaseResult,
  downloadFileQuery,
  downloadInfo,
  downloadParams,
  favourites,
  favouritesBody,
  issuedTransactionKey,
  purchaseBody,
  reprintBody,
  reprintReceipt,
  saleDetails,
  saleIdQuery,
  saleReceipt,
  saleRow,
  salesReportBody,
  sellerDashboard,
  sellerProductRow,
  sellerProducts,
  sellerProductsBody,
  shopSettings,
  shopTimingsBody,
  supportIdBody,
  supportIdResult,
} from '@portal/contract/selling';
import { zReport as zReportAnswer, zReportBody, zReportListBody, zReportListRow } from '@portal/contract/z-report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, page, sendKeyed } from '../../platform/envelope.ts';
import { withCurrentActor } from '../../platform/guard.ts';
import type { DownloadsService } from './downloads.service.ts';
import type { PurchaseService } from './purchase.service.ts';
import type { SalesService } from './sales.service.ts';
import type { ShopService } from './shop.service.ts';
import type { TransactionKeysService } from './transaction-keys.service.ts';
import type { ZReportService } from './z-report.service.ts';

const tags = ['selling'];
const favouritesAnswer = { 200: envelopeOf(favourites) };

export function sellingRoutes(s: {
  keys: TransactionKeysService;
  purchase: PurchaseService;
  downloads: DownloadsService;
  sales: SalesService;
  zReport: ZReportService;
  shop: ShopService;
}): FastifyPluginAsyncZod {
  const { keys, purchase, downloads, sales, zReport, shop } = s;
  return async (app) => {
    app.get(
      '/get_transaction_session_key/',
      { schema: { tags, response: { 200: envelopeOf(issuedTransactionKey) } }, config: { rule: RULES.purchase } },
      async (req) => ok(await keys.issue(req.actor)),
    );

    app.post(
      '/view_seller_products/',
      {
        schema: {
          body: sellerProductsBody.optional(),
          tags,
          response: { 200: envelopeOf(pageOf('products', sellerProductRow)) },
        },
        config: { rule: RULES.sellerOrSupport },
      },
      async (req) => {
        const r = await shop.findSellerProductRows(req.actor, sellerProductsBody.parse(req.body ?? {}));
        return ok(page('products', r.items, r.total, r.page));
      },
    );
    app.post(
      '/view_seller_products_v2/',
      {
        schema: {
          body: sellerProductsBody.optional(),
          tags,
          response: { 200: envelopeOf(sellerProducts) },
        },
        config: { rule: RULES.sellerOrSupport },
      },
      async (req) => {
        const products = await shop.findSellerProducts(req.actor, sellerProductsBody.parse(req.body ?? {}));
        return ok({ products });
      },
    );

    // The answer's status is the purchase's: 200, or a remembered 409 refusal replayed as it was. The purchase
    // compares the actor's row versions in its own call, so the session lookup may come from the memo.
    app.post(
      '/add_transaction_v3/',
      {
        schema: { body: purchaseBody, tags, response: { 200: envelopeOf(saleReceipt), '4xx': refusalEnvelope } },
        config: { rule: RULES.purchase, auth: 'session_memo' },
      },
      async (req, reply) => {
        const r = await withCurrentActor(req, (actor) => purchase.purchase(actor, req.body, 'single'));
        return sendKeyed(reply, r);
      },
    );
    app.post(
      '/add_bulk_transaction_v3/',
      {
        schema: {
          body: bulkPurchaseBody,
          tags,
          response: { 200: envelopeOf(bulkPurchaseResult), '4xx': refusalEnvelope },
        },
        config: { rule: RULES.purchase, auth: 'session_memo' },
      },
      async (req, reply) => {
        const r = await withCurrentActor(req, (actor) => purchase.purchase(actor, req.body, 'bulk'));
        return sendKeyed(reply, r);
      },
    );

    app.get(
      '/download/:downloadId/',
      {
        schema: { params: downloadParams, tags, response: { 200: envelopeOf(downloadInfo) } },
        config: { rule: SCREENS['/download/:downloadId'] },
      },
      async (req) => ok(await downloads.getDownload(req.actor, req.params.downloadId)),
    );
    app.get(
      '/download/:downloadId/:kind/',
      {
        schema: {
          params: downloadParams.extend({ kind: z.enum(['csv', 'pdf']) }),
          querystring: downloadFileQuery,
          tags,
        },
        config: { rule: SCREENS['/download/:downloadId'], file: 'text/csv, application/pdf' },
      },
      async (req, reply) => {
        const { downloadId, kind } = req.params;
        const machine = req.query.format === 'machine';
        const file = await downloads.getDownloadFile(req.actor, downloadId, kind, machine);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .header('cache-control', 'no-store')
          .send(file.data);
      },
    );

    app.post(
      '/reprint_sale/',
      {
        schema: { body: reprintBody, tags, response: { 200: envelopeOf(reprintReceipt) } },
        config: { rule: RULES.sellerOrSupport },
      },
      async (req) => ok(await sales.reprint(req.actor, req.body)),
    );
    app.get(
      '/get_sales_record_details/',
      {
        schema: { querystring: saleIdQuery, tags, response: { 200: envelopeOf(saleDetails) } },
        config: { rule: RULES.saleDetails },
      },
      async (req) => ok(await sales.getSaleDetails(req.actor, req.query.sale_id)),
    );
    app.post(
      '/get_sales_report_2_with_customer_id/',
      {
        schema: { body: salesReportBody.optional(), tags, response: { 200: envelopeOf(pageOf('sales', saleRow)) } },
        config: { rule: RULES.seller },
      },
      async (req) => {
        const r = await sales.findSales(req.actor, salesReportBody.parse(req.body ?? {}));
        return ok(page('sales', r.items, r.total, r.page, r.applied));
      },
    );

    app.post(
      '/z_report/',
      {
        schema: { body: zReportBody.optional(), tags, response: { 200: envelopeOf(zReportAnswer) } },
        config: { rule: RULES.seller },
      },
      async (req) => {
        const body = zReportBody.parse(req.body ?? {});
        const report = await zReport.zReport(req.actor, body);
        return ok(report, body.action === 'close' ? `Z report ${report.z_number} issued` : 'Success');
      },
    );
    app.post(
      '/view_z_reports/',
      {
        schema: {
          body: zReportListBody.optional(),
          tags,
          response: { 200: envelopeOf(pageOf('z_reports', zReportListRow)) },
        },
        config: { rule: RULES.seller },
      },
      async (req) => {
        const r = await zReport.findZReports(req.actor, zReportListBody.parse(req.body ?? {}));
        return ok(page('z_reports', r.items, r.total, r.page));
      },
    );

    app.get(
      '/seller_dashboard/',
      { schema: { tags, response: { 200: envelopeOf(sellerDashboard) } }, config: { rule: RULES.dashboard } },
      async (req) => ok(await shop.getDashboard(req.actor)),
    );
    app.get(
      '/view_favourites/',
      { schema: { tags, response: favouritesAnswer }, config: { rule: RULES.dashboard } },
      async (req) => {
        const f = await shop.findFavourites(req.actor);
        return ok({ favourites_custom: f.custom ? 1 : 0, favourites: f.items });
      },
    );
    app.post(
      '/update_favourites/',
      { schema: { body: favouritesBody, tags, response: favouritesAnswer }, config: { rule: RULES.dashboard } },
      async (req) => {
        const f = await shop.updateFavourites(req.actor, req.body.configuration_ids);
        return ok({ favourites_custom: f.custom ? 1 : 0, favourites: f.items }, 'Favourites saved');
      },
    );
    app.post(
      '/reset_favourites/',
      { schema: { tags, response: favouritesAnswer }, config: { rule: RULES.dashboard } },
      async (req) => {
        const f = await shop.resetFavourites(req.actor);
        return ok({ favourites_custom: f.custom ? 1 : 0, favourites: f.items }, 'Favourites reset');
      },
    );
    app.post(
      '/update_shop_open_timings/',
      {
        schema: { body: shopTimingsBody, tags, response: { 200: envelopeOf(shopSettings) } },
        config: { rule: RULES.sellerManager },
      },
      async (req) => ok(await shop.updateShopTimings(req.actor, req.body), 'Shop timings saved'),
    );
    app.post(
      '/update_support_id/',
      {
        schema: { body: supportIdBody, tags, response: { 200: envelopeOf(supportIdResult) } },
        config: { rule: RULES.seller },
      },
      async (req) => ok(await shop.updateSupportId(req.actor, req.body.support_id), 'Support ID saved'),
    );
  };
}
