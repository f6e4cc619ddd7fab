import {
  assignmentsEndpoints,
  productDiscountsBody,
  viewAssignedProductsBody,
  viewDiscountPlanBody,
} from '@portal/contract/assignments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { AssignmentsService } from './assignments.service.ts';
import type { DiscountSlabsService } from './discount-slabs.service.ts';
import type { PadService } from './pad.service.ts';

const tags = ['assignments'];

export function assignmentsRoutes(s: {
  assignments: AssignmentsService;
  slabs: DiscountSlabsService;
  pad: PadService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, assignmentsEndpoints, { tags });
    route('/view_discount_plan/', async (req) => {
      const r = await s.slabs.findSlabs(req.actor, viewDiscountPlanBody.parse(req.body ?? {}));
      if (r.detail) return ok(r.detail);
      return ok(page('discount_slabs', r.page.items, r.page.total, r.page.p));
    });
    route('/add_discount_plan/', async (req) => ok(await s.slabs.addSlab(req.actor, req.body), 'Discount slab added'));
    route('/update_configuration_slab/', async (req) =>
      ok(await s.slabs.updateSlab(req.actor, req.body), 'Discount slab saved'),
    );
    route('/view_pad/', async (req) => {
      const q = req.body;
      if (q.customer_id !== undefined) return ok(await s.pad.viewPad(req.actor, { ...q, customer_id: q.customer_id }));
      const r = await s.pad.viewProductPad(req.actor, { ...q, product_id: q.product_id as number });
      const applied = { product_id: r.product.product_id, ...(q.search_text ? { search_text: q.search_text } : {}) };
      return ok({
        product: r.product,
        discount_plans: r.discount_plans,
        ...page('pad_customers', r.page.items, r.page.total, r.page.p, applied),
      });
    });
    route('/add_update_delete_disable_pad/', async (req) =>
      ok(await s.pad.changePad(req.actor, req.body), 'Product assignment saved'),
    );
    // Everyone sees what its own customer may sell; operators with has_assign_product also their customers'.
    route('/view_assigned_products/', async (req) =>
      ok(await s.assignments.findAssignedProducts(req.actor, viewAssignedProductsBody.parse(req.body ?? {}))),
    );
    route('/product_discounts_list/', async (req) => {
      const r = await s.assignments.findProductDiscounts(req.actor, productDiscountsBody.parse(req.body ?? {}));
      return ok(page('product_discounts', r.items, r.total, r.page, r.applied));
    });
  };
}
