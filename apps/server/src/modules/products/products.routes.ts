import { LIMITS } from '@portal/contract/limits';
import { productsEndpoints, productsFiles, productsUploads } from '@portal/contract/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { routesOf } from '../../platform/routes.ts';
import { uploadedFile } from '../../platform/storage.ts';
import type { ProductsService } from './products.service.ts';

const tags = ['products'];

export function productsRoutes(products: ProductsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, productsEndpoints, { tags });
    const upload = routesOf(app, productsUploads, { tags });
    const download = routesOf(app, productsFiles, { tags });
    route('/view_products/', async (req) => {
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
    });
    route('/add_product/', async (req) => ok(await products.createProduct(req.actor, req.body), 'Product added'));
    route('/update_product_details/', async (req) =>
      ok(await products.updateProduct(req.actor, req.body), 'Product updated'),
    );
    upload('/update_product_image/', async (req) =>
      ok(
        await products.updateProductImage(req.actor, req.body.product_id, uploadedFile(req.body.product_image)),
        'Image updated',
      ),
    );
    download('/product_image/:fileId', async (req, reply) => {
      const file = await products.getProductImage(req.params.fileId);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    });
  };
}
