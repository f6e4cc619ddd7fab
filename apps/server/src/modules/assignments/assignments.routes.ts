import {
  addDiscountPlanBody,
  padChangeBody,
  productDiscountsBody,
  updateConfigurationSlabBody,
  viewAssignedProductsBody,
  viewDiscountPlanBody,
  viewPadBody,
} from '@portal/contract/assignments';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import type { AssignmentsService } from './assignments.service.ts';

const tags = ['assignments'];

export function assignmentsRoutes(assignments: AssignmentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/view_discount_plan/',
      { schema: { body: viewDiscountPlanBody.optional(), tags }, config: { rule: RULES.discountSlabs } },
      async (req) => {
        const r = await assignments.findSlabs(req.actor, viewDiscountPlanBody.parse(req.body ?? {}));
        if (r.detail) return ok(r.detail);
        return ok(page('discount_slabs', r.page.items, r.page.total, r.page.p));
      },
    );
    app.post(
      '/add_discount_plan/',
      { schema: { body: addDiscountPlanBody, tags }, config: { rule: RULES.discountSlabs } },
      async (req) => ok(await assignments.addSlab(req.actor, req.body), 'Discount slab added'),
    );
    app.post(
      '/update_configuration_slab/',
      { schema: { body: updateConfigurationSlabBody, tags }, config: { rule: RULES.discountSlabs } },
      async (req) => ok(await assignments.updateSlab(req.actor, req.body), 'Discount slab saved'),
    );
    app.post(
      '/view_pad/',
      { schema: { body: viewPadBody, tags }, config: { rule: RULES.assignProducts } },
      async (req) => {
        const q = req.body;
        if (q.customer_id !== undefined)
          return ok(await assignments.viewPad(req.actor, { ...q, customer_id: q.customer_id }));
        const r = await assignments.viewProductPad(req.actor, { ...q, product_id: q.product_id as number });
        const applied = { product_id: r.product.product_id, ...(q.search_text ? { search_text: q.search_text } : {}) };
        return ok({
          product: r.product,
          discount_plans: r.discount_plans,
          ...page('pad_customers', r.page.items, r.page.total, r.page.p, applied),
        });
      },
    );
    app.post(
      '/add_update_delete_disable_pad/',
      { schema: { body: padChangeBody, tags }, config: { rule: RULES.assignProducts } },
      async (req) => ok(await assignments.changePad(req.actor, req.body), 'Product assignment saved'),
    );
    // Everyone sees what its own customer may sell; operators with has_assign_product also their customers'.
    app.post(
      '/view_assigned_products/',
      { schema: { body: viewAssignedProductsBody.optional(), tags }, config: { rule: RULES.all } },
      async (req) =>
        ok(await assignments.findAssignedProducts(req.actor, viewAssignedProductsBody.parse(req.body ?? {}))),
    );
    app.post(
      '/product_discounts_list/',
      { schema: { body: productDiscountsBody.optional(), tags }, config: { rule: RULES.reportsOperators } },
      async (req) => {
        const r = await assignments.findProductDiscounts(req.actor, productDiscountsBody.parse(req.body ?? {}));
        return ok(page('product_discounts', r.items, r.total, r.page, r.applied));
      },
    );
  };
}
