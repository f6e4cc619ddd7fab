import { envelopeOf, pageOf } from '@portal/contract/envelope';
import {
  addOrderBody,
  categoriesQuery,
  categoryFields,
  categoryUpdateFields,
  deleted,
  hardwareCategory,
  hardwareOrder,
  hardwareProduct,
  idParams,
  imageField,
  orderStatusBody,
  ordersQuery,
  productFields,
  productsQuery,
  productUpdateFields,
} from '@portal/contract/hardware';
import { LIMITS } from '@portal/contract/limits';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, page } from '../../platform/envelope.ts';
import { uploadedFile } from '../../platform/storage.ts';
import type { HardwareCatalogueService } from './hardware-catalogue.service.ts';
import type { HardwareOrdersService } from './hardware-orders.service.ts';

const tags = ['hardware'];
const answer = <T extends z.ZodType>(data: T) => ({ 200: envelopeOf(data) });

/** The spec's hardware calls with their methods as it lists them (section 7), plus the order status move. */
export function hardwareRoutes(s: {
  catalogue: HardwareCatalogueService;
  orders: HardwareOrdersService;
}): FastifyPluginAsyncZod {
  const { catalogue, orders } = s;
  const sized = <Q extends { limit?: number }>(q: Q) => ({ ...q, limit: q.limit ?? LIMITS.pageSize });
  return async (app) => {
    app.get(
      '/hardware_category/',
      {
        schema: { querystring: categoriesQuery, tags, response: answer(pageOf('categories', hardwareCategory)) },
        config: { rule: RULES.hardwareSales },
      },
      async (req) => {
        const q = sized(req.query);
        const r = await catalogue.findCategories(req.actor, q);
        return ok(page('categories', r.items, r.total, q, { search: q.search }));
      },
    );
    app.post(
      '/hardware_category/',
      {
        schema: { body: categoryFields.extend(imageField), tags, response: answer(hardwareCategory) },
        config: { rule: RULES.hardwareReseller },
      },
      async (req) =>
        ok(await catalogue.createCategory(req.actor, req.body, uploadedFile(req.body.image)), 'Category added'),
    );
    app.patch(
      '/hardware_category/update/:id/',
      {
        schema: {
          params: idParams,
          body: categoryUpdateFields.extend(imageField),
          tags,
          response: answer(hardwareCategory),
        },
        config: { rule: RULES.hardwareReseller },
      },
      async (req) =>
        ok(
          await catalogue.updateCategory(req.actor, req.params.id, req.body, uploadedFile(req.body.image)),
          'Category updated',
        ),
    );
    app.delete(
      '/hardware_category/delete/:id',
      { schema: { params: idParams, tags, response: answer(deleted) }, config: { rule: RULES.hardwareReseller } },
      async (req) => ok(await catalogue.deleteCategory(req.actor, req.params.id), 'Category deleted'),
    );
    app.get(
      '/hardware_product/',
      {
        schema: { querystring: productsQuery, tags, response: answer(pageOf('products', hardwareProduct)) },
        config: { rule: RULES.hardwareSales },
      },
      async (req) => {
        const q = sized(req.query);
        const r = await catalogue.findProducts(req.actor, q);
        return ok(page('products', r.items, r.total, q, { category_id: q.category_id, search: q.search }));
      },
    );
    app.post(
      '/hardware_product/',
      {
        schema: { body: productFields.extend(imageField), tags, response: answer(hardwareProduct) },
        config: { rule: RULES.hardwareReseller },
      },
      async (req) =>
        ok(await catalogue.createProduct(req.actor, req.body, uploadedFile(req.body.image)), 'Product added'),
    );
    app.patch(
      '/hardware_product/update/:id/',
      {
        schema: {
          params: idParams,
          body: productUpdateFields.extend(imageField),
          tags,
          response: answer(hardwareProduct),
        },
        config: { rule: RULES.hardwareReseller },
      },
      async (req) =>
        ok(
          await catalogue.updateProduct(req.actor, req.params.id, req.body, uploadedFile(req.body.image)),
          'Product updated',
        ),
    );
    app.delete(
      '/hardware_product/delete/:id/',
      { schema: { params: idParams, tags, response: answer(deleted) }, config: { rule: RULES.hardwareReseller } },
      async (req) => ok(await catalogue.deleteProduct(req.actor, req.params.id), 'Product deleted'),
    );
    app.get(
      '/hardware_image/:fileId',
      {
        schema: { params: z.object({ fileId: z.string().max(64) }), tags },
        config: { rule: RULES.public, file: 'image/png, image/jpeg, image/webp, image/gif' },
      },
      async (req, reply) => {
        const file = await catalogue.getImage(req.params.fileId);
        return reply
          .header('content-type', file.contentType)
          .header('cache-control', 'public, max-age=86400, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(file.data);
      },
    );
    app.get(
      '/hardware_orders/',
      {
        schema: { querystring: ordersQuery, tags, response: answer(pageOf('orders', hardwareOrder)) },
        config: { rule: RULES.hardwareSales },
      },
      async (req) => {
        const q = sized(req.query);
        const r = await orders.findOrders(req.actor, q);
        const { page: _p, limit: _l, ...applied } = q;
        return ok(page('orders', r.items, r.total, q, applied));
      },
    );
    app.post(
      '/hardware_orders/add/',
      { schema: { body: addOrderBody, tags, response: answer(hardwareOrder) }, config: { rule: RULES.hardwareSeller } },
      async (req) => ok(await orders.placeOrder(req.actor, req.body), 'Order placed'),
    );
    app.patch(
      '/hardware_orders/status/:id/',
      {
        schema: { params: idParams, body: orderStatusBody, tags, response: answer(hardwareOrder) },
        config: { rule: RULES.hardwareReseller },
      },
      async (req) => ok(await orders.moveOrder(req.actor, req.params.id, req.body.status), 'Order updated'),
    );
  };
}
