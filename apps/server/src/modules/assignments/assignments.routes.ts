import {
  addDiscountPlanBody,
  assignedProducts,
  discountSlabDetail,
  discountSlabsPage,
  padChangeBody,
  padView,
  productDiscountRow,
  productDiscountsBody,
  productPadView,
  updateConfigurationSlabBody,
  viewAssignedProductsBody,
  viewDiscountPlanBody,
  viewPadBody,
} from '@portal/contract/assignments';
import { envelopeOf, pageOf } from '@portal/contract/envelope';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, page } from '../../platform/envelope.ts';
import type { AssignmentsService } from './assignments.service.ts';
import type { DiscountSlabsService } from './discount-slabs.service.ts';
import type { PadService } from './pad.service.ts';

const tags = ['assignments'];
const slabs = { rule: RULES.discountSlabs };
const pad = { rule: RULES.assignProducts };

export function assignmentsRoutes(s: {
  assignments: AssignmentsService;
  slabs: DiscountSlabsService;
  pad: PadService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/view_discount_plan/',
      {
        schema: {
          body: viewDiscountPlanBody.optional(),
          tags,
          response: { 200: envelopeOf(z.union([discountSlabsPage, discountSlabDetail])) },
        },
        config: slabs,
      },
      async (req) => {
        const r = await s.slabs.findSlabs(req.actor, viewDiscountPlanBody.parse(req.body ?? {}));
        if (r.detail) return ok(r.detail);
        return ok(page('discount_slabs', r.page.items, r.page.total, r.page.p));
      },
    );
    app.post(
      '/add_discount_plan/',
      { schema: { body: addDiscountPlanBody, tags, response: { 200: envelopeOf(discountSlabDetail) } }, config: slabs },
      async (req) => ok(await s.slabs.addSlab(req.actor, req.body), 'Discount slab added'),
    );
    app.post(
      '/update_configuration_slab/',
      {
        schema: { body: updateConfigurationSlabBody, tags, response: { 200: envelopeOf(discountSlabDetail) } },
        config: slabs,
      },
      async (req) => ok(await s.slabs.updateSlab(req.actor, req.body), 'Discount slab saved'),
    );
    app.post(
      '/view_pad/',
      {
        schema: { body: viewPadBody, tags, response: { 200: envelopeOf(z.union([padView, productPadView])) } },
        config: pad,
      },
      async (req) => {
        const q = req.body;
        if (q.customer_id !== undefined)
          return ok(await s.pad.viewPad(req.actor, { ...q, customer_id: q.customer_id }));
        const r = await s.pad.viewProductPad(req.actor, { ...q, product_id: q.product_id as number });
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
      { schema: { body: padChangeBody, tags, response: { 200: envelopeOf(padView) } }, config: pad },
      async (req) => ok(await s.pad.changePad(req.actor, req.body), 'Product assignment saved'),
    );
    // Everyone sees what its own customer may sell; operators with has_assign_product also their customers'.
    app.post(
      '/view_assigned_products/',
      {
        schema: { body: viewAssignedProductsBody.optional(), tags, response: { 200: envelopeOf(assignedProducts) } },
        config: { rule: RULES.all },
      },
      async (req) =>
        ok(await s.assignments.findAssignedProducts(req.actor, viewAssignedProductsBody.parse(req.body ?? {}))),
    );
    app.post(
      '/product_discounts_list/',
      {
        schema: {
          body: productDiscountsBody.optional(),
          tags,
          response: { 200: envelopeOf(pageOf('product_discounts', productDiscountRow)) },
        },
        config: { rule: RULES.reportsOperators },
      },
      async (req) => {
        const r = await s.assignments.findProductDiscounts(req.actor, productDiscountsBody.parse(req.body ?? {}));
        return ok(page('product_discounts', r.items, r.total, r.page, r.applied));
      },
    );
  };
}
