import { envelopeOf } from '@portal/contract/envelope';
import { LIMITS } from '@portal/contract/limits';
import {
  addProductBody,
  PRODUCT_IMAGE_FILE,
  productView,
  productWithConfigurations,
  updateProductBody,
  updateProductImageBody,
  viewProductsBody,
  viewProductsResult,
} from '@portal/contract/products';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, page } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { uploadedFile } from '../../platform/storage.ts';
import type { ProductsService } from './products.service.ts';

const tags = ['products'];
const config = { rule: RULES.products };
const withConfigurations = { 200: envelopeOf(productWithConfigurations) };

export function productsRoutes(products: ProductsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/view_products/',
      { schema: { body: viewProductsBody, tags, response: { 200: envelopeOf(viewProductsResult) } }, config },
      async (req) => {
        const q = req.body;
        if (q.view_type === 1) {
          if (!q.product_id) throw notFound('Product');
          const limit = q.total_items ?? LIMITS.singleProductPageSize;
          const one = await products.getProduct(req.actor, q.product_id, q.page, limit);
          return ok({
            product: one.product,
            ...page('configurations', one.configurations, one.total, { page: q.page, limit }),
          });
        }
        const { items, total, limit } = await products.findProducts(req.actor, q);
        return ok(
          page('products', items, total, { page: q.page, limit }, { search_text: q.search_text ?? '', ...q.filters }),
        );
      },
    );
    app.post(
      '/add_product/',
      { schema: { body: addProductBody, tags, response: withConfigurations }, config },
      async (req) => ok(await products.createProduct(req.actor, req.body), 'Product added'),
    );
    app.post(
      '/update_product_details/',
      { schema: { body: updateProductBody, tags, response: withConfigurations }, config },
      async (req) => ok(await products.updateProduct(req.actor, req.body), 'Product updated'),
    );
    app.post(
      '/update_product_image/',
      {
        schema: {
          body: updateProductImageBody,
          tags,
          response: { 200: envelopeOf(productView) },
        },
        config,
      },
      async (req) =>
        ok(
          await products.updateProductImage(req.actor, req.body.product_id, uploadedFile(req.body.product_image)),
          'Image updated',
        ),
    );
    app.get(
      '/product_image/:fileId',
      {
        schema: { params: z.object({ fileId: z.string().max(64) }), tags },
        config: { rule: RULES.public, file: PRODUCT_IMAGE_FILE },
      },
      async (req, reply) => {
        const file = await products.getProductImage(req.params.fileId);
        return reply
          .header('content-type', file.contentType)
          .header('cache-control', 'public, max-age=86400, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(file.data);
      },
    );
  };
}
