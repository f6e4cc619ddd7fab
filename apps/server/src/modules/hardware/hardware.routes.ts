import { hardwareEndpoints, hardwareFiles, hardwareUploads } from '@portal/contract/hardware';
import { LIMITS } from '@portal/contract/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import { uploadedFile } from '../../platform/storage.ts';
import type { HardwareCatalogueService } from './hardware-catalogue.service.ts';
import type { HardwareOrdersService } from './hardware-orders.service.ts';

const tags = ['hardware'];

/** The spec's hardware calls with their methods as it lists them (section 7), plus the order status move. */
export function hardwareRoutes(s: {
  catalogue: HardwareCatalogueService;
  orders: HardwareOrdersService;
}): FastifyPluginAsyncZod {
  const { catalogue, orders } = s;
  const sized = <Q extends { limit?: number }>(q: Q) => ({ ...q, limit: q.limit ?? LIMITS.pageSize });
  return async (app) => {
    const route = routesOf(app, hardwareEndpoints, { tags });
    const upload = routesOf(app, hardwareUploads, { tags });
    const download = routesOf(app, hardwareFiles, { tags });
    route('/hardware_category/', async (req) => {
      const q = sized(req.query);
      const r = await catalogue.findCategories(req.actor, q);
      return ok(page('categories', r.items, r.total, q, { search: q.search }));
    });
    upload('/hardware_category/', async (req) =>
      ok(await catalogue.createCategory(req.actor, req.body, uploadedFile(req.body.image)), 'Category added'),
    );
    upload('/hardware_category/update/:id/', async (req) =>
      ok(
        await catalogue.updateCategory(req.actor, req.params.id, req.body, uploadedFile(req.body.image)),
        'Category updated',
      ),
    );
    route('/hardware_category/delete/:id', async (req) =>
      ok(await catalogue.deleteCategory(req.actor, req.params.id), 'Category deleted'),
    );
    route('/hardware_product/', async (req) => {
      const q = sized(req.query);
      const r = await catalogue.findProducts(req.actor, q);
      return ok(page('products', r.items, r.total, q, { category_id: q.category_id, search: q.search }));
    });
    upload('/hardware_product/', async (req) =>
      ok(await catalogue.createProduct(req.actor, req.body, uploadedFile(req.body.image)), 'Product added'),
    );
    upload('/hardware_product/update/:id/', async (req) =>
      ok(
        await catalogue.updateProduct(req.actor, req.params.id, req.body, uploadedFile(req.body.image)),
        'Product updated',
      ),
    );
    route('/hardware_product/delete/:id/', async (req) =>
      ok(await catalogue.deleteProduct(req.actor, req.params.id), 'Product deleted'),
    );
    download('/hardware_image/:fileId', async (req, reply) => {
      const file = await catalogue.getImage(req.params.fileId);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    });
    route('/hardware_orders/', async (req) => {
      const q = sized(req.query);
      const r = await orders.findOrders(req.actor, q);
      const { page: _p, limit: _l, ...applied } = q;
      return ok(page('orders', r.items, r.total, q, applied));
    });
    route('/hardware_orders/add/', async (req) => ok(await orders.placeOrder(req.actor, req.body), 'Order placed'));
    route('/hardware_orders/status/:id/', async (req) =>
      ok(await orders.moveOrder(req.actor, req.params.id, req.body.status), 'Order updated'),
    );
  };
}
