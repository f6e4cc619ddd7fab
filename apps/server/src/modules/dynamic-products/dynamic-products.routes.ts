import { dynamicProductsEndpoints } from '@portal/contract/dynamic-products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, sendKeyed } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { DynamicProductsService } from './dynamic-products.service.ts';
import type { DynamicProductsConfigService } from './dynamic-products-config.service.ts';

const tags = ['dynamic-products'];

export function dynamicProductsRoutes(s: {
  sales: DynamicProductsService;
  config: DynamicProductsConfigService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, dynamicProductsEndpoints, { tags });
    // The spec lists the call without a method: its row answers GET and POST alike (`alsoPost`).
    route('/get_softapi_products/', async () => ok(await s.config.softApiProducts()));
    route('/save_dynamic_product/', async (req) => ok(await s.config.save(req.actor, req.body)));
    route('/my_dynamic_products/', async (req) => ok(await s.config.resellerProducts(req.actor)));
    route('/offer_dynamic_product/', async (req) => ok(await s.config.offer(req.actor, req.body)));
    route('/dynamic_products/', async (req, reply) => {
      const b = req.body;
      if (b.action === 'list') return ok(await s.sales.list(req.actor, b.product_type));
      if (b.action === 'status') return ok(await s.sales.status(req.actor, b.sale_id));
      return sendKeyed(reply, await s.sales.buy(req.actor, b.transaction_key, b.dynamic_product_id));
    });
    route('/api_discounts/', async (req) => {
      const d = await s.config.discounts(req.actor, req.body, false);
      return ok({ ...d, discounts: d.discounts.map(({ provider_cost: _c, margin: _m, ...row }) => row) });
    });
    route('/view_update_super_admin_discounts/', async (req) =>
      ok(await s.config.discounts(req.actor, req.body, true)),
    );
    route('/view_dynamic_product_logs/', async (req) => ok(await s.config.logs(req.body)));
  };
}
