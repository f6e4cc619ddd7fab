import {
  apiDiscountsAnswer,
  apiDiscountsBody,
  dynamicProductLog,
  dynamicProductLogsQuery,
  dynamicProductsAnswer,
  dynamicProductsBody,
  offerDynamicProductBody,
  resellerDynamicProduct,
  saveDynamicProductBody,
  softApiProduct,
  superAdminDiscountsAnswer,
} from '@portal/contract/dynamic-products';
import { envelopeOf, pageOf, refusalEnvelope } from '@portal/contract/envelope';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, sendKeyed } from '../../platform/envelope.ts';
import type { DynamicProductsService } from './dynamic-products.service.ts';
import type { DynamicProductsConfigService } from './dynamic-products-config.service.ts';

const tags = ['dynamic-products'];

export function dynamicProductsRoutes(s: {
  sales: DynamicProductsService;
  config: DynamicProductsConfigService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // The spec lists the call without a method: it is answered to GET and POST alike.
    app.route({
      method: ['GET', 'POST'],
      url: '/get_softapi_products/',
      schema: { tags, response: { 200: envelopeOf(z.object({ products: z.array(softApiProduct) })) } },
      config: { rule: RULES.dynamicProductsPlatform },
      handler: async () => ok(await s.config.softApiProducts()),
    });
    app.post(
      '/save_dynamic_product/',
      {
        schema: { tags, body: saveDynamicProductBody, response: { 200: envelopeOf(softApiProduct) } },
        config: { rule: RULES.dynamicProductsPlatform },
      },
      async (req) => ok(await s.config.save(req.actor, req.body)),
    );
    app.get(
      '/my_dynamic_products/',
      {
        schema: { tags, response: { 200: envelopeOf(z.object({ products: z.array(resellerDynamicProduct) })) } },
        config: { rule: RULES.dynamicProductsReseller },
      },
      async (req) => ok(await s.config.resellerProducts(req.actor)),
    );
    app.post(
      '/offer_dynamic_product/',
      {
        schema: { tags, body: offerDynamicProductBody, response: { 200: envelopeOf(resellerDynamicProduct) } },
        config: { rule: RULES.dynamicProductsReseller },
      },
      async (req) => ok(await s.config.offer(req.actor, req.body)),
    );
    app.post(
      '/dynamic_products/',
      {
        schema: {
          tags,
          body: dynamicProductsBody,
          response: { 200: envelopeOf(dynamicProductsAnswer), '4xx': refusalEnvelope },
        },
        config: { rule: RULES.softPins },
      },
      async (req, reply) => {
        const b = req.body;
        if (b.action === 'list') return ok(await s.sales.list(req.actor, b.product_type));
        if (b.action === 'status') return ok(await s.sales.status(req.actor, b.sale_id));
        return sendKeyed(reply, await s.sales.buy(req.actor, b.transaction_key, b.dynamic_product_id));
      },
    );
    app.post(
      '/api_discounts/',
      {
        schema: { tags, body: apiDiscountsBody, response: { 200: envelopeOf(apiDiscountsAnswer) } },
        config: { rule: RULES.dynamicProducts },
      },
      async (req) => {
        const d = await s.config.discounts(req.actor, req.body, false);
        return ok({ ...d, discounts: d.discounts.map(({ provider_cost: _c, margin: _m, ...row }) => row) });
      },
    );
    app.post(
      '/view_update_super_admin_discounts/',
      {
        schema: { tags, body: apiDiscountsBody, response: { 200: envelopeOf(superAdminDiscountsAnswer) } },
        config: { rule: RULES.dynamicProductsPlatform },
      },
      async (req) => ok(await s.config.discounts(req.actor, req.body, true)),
    );
    app.post(
      '/view_dynamic_product_logs/',
      {
        schema: {
          tags,
          body: dynamicProductLogsQuery,
          response: { 200: envelopeOf(pageOf('logs', dynamicProductLog)) },
        },
        config: { rule: RULES.dynamicProductsLog },
      },
      async (req) => ok(await s.config.logs(req.body)),
    );
  };
}
