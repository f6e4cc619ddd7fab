import { salesReportBody, sellerProductsBody, sellingEndpoints, sellingFiles } from '@portal/contract/selling';
import { zReportBody, zReportEndpoints, zReportListBody } from '@portal/contract/z-report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page, sendKeyed } from '../../platform/envelope.ts';
import { withCurrentActor } from '../../platform/guard.ts';
import { routesOf } from '../../platform/routes.ts';
import type { DownloadsService } from './downloads.service.ts';
import type { PurchaseService } from './purchase.service.ts';
import type { SalesService } from './sales.service.ts';
import type { ShopService } from './shop.service.ts';
import type { TransactionKeysService } from './transaction-keys.service.ts';
import type { ZReportService } from './z-report.service.ts';

const tags = ['selling'];

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
    const route = routesOf(app, { ...sellingEndpoints, ...zReportEndpoints }, { tags });
    const download = routesOf(app, sellingFiles, { tags });
    route('/get_transaction_session_key/', async (req) => ok(await keys.issue(req.actor)));

    route('/view_seller_products/', async (req) => {
      const r = await shop.findSellerProductRows(req.actor, sellerProductsBody.parse(req.body ?? {}));
      return ok(page('products', r.items, r.total, r.page));
    });
    route('/view_seller_products_v2/', async (req) => {
      const products = await shop.findSellerProducts(req.actor, sellerProductsBody.parse(req.body ?? {}));
      return ok({ products });
    });

    // The answer's status is the purchase's: 200, or a remembered 409 refusal replayed as it was. The purchase
    // compares the actor's row versions in its own call, so the session lookup may come from the memo.
    route(
      '/add_transaction_v3/',
      async (req, reply) => {
        const r = await withCurrentActor(req, (actor) => purchase.purchase(actor, req.body, 'single'));
        return sendKeyed(reply, r);
      },
      { auth: 'session_memo' },
    );
    route(
      '/add_bulk_transaction_v3/',
      async (req, reply) => {
        const r = await withCurrentActor(req, (actor) => purchase.purchase(actor, req.body, 'bulk'));
        return sendKeyed(reply, r);
      },
      { auth: 'session_memo' },
    );

    route('/download/:downloadId/', async (req) => ok(await downloads.getDownload(req.actor, req.params.downloadId)));
    download('/download/:downloadId/:kind/', async (req, reply) => {
      const { downloadId, kind } = req.params;
      const machine = req.query.format === 'machine';
      const file = await downloads.getDownloadFile(req.actor, downloadId, kind, machine);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.data);
    });

    route('/reprint_sale/', async (req) => ok(await sales.reprint(req.actor, req.body)));
    route('/get_sales_record_details/', async (req) => ok(await sales.getSaleDetails(req.actor, req.query.sale_id)));
    route('/get_sales_report_2_with_customer_id/', async (req) => {
      const r = await sales.findSales(req.actor, salesReportBody.parse(req.body ?? {}));
      return ok(page('sales', r.items, r.total, r.page, r.applied));
    });

    route('/z_report/', async (req) => {
      const body = zReportBody.parse(req.body ?? {});
      const report = await zReport.zReport(req.actor, body);
      return ok(report, body.action === 'close' ? `Z report ${report.z_number} issued` : 'Success');
    });
    route('/view_z_reports/', async (req) => {
      const r = await zReport.findZReports(req.actor, zReportListBody.parse(req.body ?? {}));
      return ok(page('z_reports', r.items, r.total, r.page));
    });

    route('/seller_dashboard/', async (req) => ok(await shop.getDashboard(req.actor)));
    route('/view_favourites/', async (req) => {
      const f = await shop.findFavourites(req.actor);
      return ok({ favourites_custom: f.custom ? 1 : 0, favourites: f.items });
    });
    route('/update_favourites/', async (req) => {
      const f = await shop.updateFavourites(req.actor, req.body.configuration_ids);
      return ok({ favourites_custom: f.custom ? 1 : 0, favourites: f.items }, 'Favourites saved');
    });
    route('/reset_favourites/', async (req) => {
      const f = await shop.resetFavourites(req.actor);
      return ok({ favourites_custom: f.custom ? 1 : 0, favourites: f.items }, 'Favourites reset');
    });
    route('/update_shop_open_timings/', async (req) =>
      ok(await shop.updateShopTimings(req.actor, req.body), 'Shop timings saved'),
    );
    route('/update_support_id/', async (req) =>
      ok(await shop.updateSupportId(req.actor, req.body.support_id), 'Support ID saved'),
    );
  };
}
