import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { freeText } from './credit.ts';
import { pageQuery } from './envelope.ts';

export const PRODUCT_TYPES = ['cash_card', 'gift_card', 'calling_card'] as const;

/** A discount in percent off face value: never negative (spec section 5), at most 100, 4 decimals. */
export const discountPercent = z
  .union([z.string(), z.number()], { error: 'discount: required' })
  .transform((v) => String(v).trim())
  .refine((v) => /^-?\d{1,3}(\.\d{1,4})?$/.test(v), { message: 'a percentage with at most 4 decimals', abort: true })
  .refine((v) => !new Decimal(v).isNegative(), { message: 'Discount value must not be negative', abort: true })
  .refine((v) => new Decimal(v).lte(100), { message: 'at most 100 percent' });

const slabItem = z.object({ configuration_id: z.number().int().positive(), discount: discountPercent });

export const viewDiscountPlanBody = pageQuery.extend({ discount_slab_id: z.number().int().positive().optional() });

export const addDiscountPlanBody = z.object({
  name: freeText(100).pipe(z.string().min(1, 'name: required')),
  items: z.array(slabItem).max(5000).default([]),
});
export type AddDiscountPlanBody = z.infer<typeof addDiscountPlanBody>;

export const updateConfigurationSlabBody = z.object({
  discount_slab_id: z.number({ error: 'discount_slab_id: a discount slab must be chosen' }).int().positive(),
  name: freeText(100).pipe(z.string().min(1)).optional(),
  items: z.array(slabItem).max(5000).default([]),
});
export type UpdateConfigurationSlabBody = z.infer<typeof updateConfigurationSlabBody>;

/**
 * With customer_id: that customer's PAD (pad_list), limited to one product with product_id. Without
 * it, product_id is required and the answer is a page of the operator's customers, each with its
 * assignments of that product's configurations (the pool PAD screen `/inventory/pool/pad/{poolId}`).
 */
export const viewPadBody = pageQuery
  .extend({
    customer_id: z.number().int().positive().optional(),
    product_type: z.enum(PRODUCT_TYPES).optional(),
    product_id: z.number().int().positive().optional(),
    search_text: z.string().trim().max(100).optional(),
  })
  .refine((b) => b.customer_id !== undefined || b.product_id !== undefined, {
    path: ['customer_id'],
    message: 'customer_id: required unless product_id is given',
  });

/** One configuration of the product in a customer's row of the per-product PAD. */
export interface ProductPadCell {
  configuration_id: number;
  assigned: 0 | 1;
  is_active: 0 | 1;
  /** The assignment's own plan; null: the customer's default slab applies (`discount_plan` names it). */
  discount_plan_id: number | null;
  discount_plan: string | null;
  discount: string;
  price: string;
}

/** `/api/view_pad/` with product_id and without customer_id. */
export interface ProductPadView {
  product: {
    product_id: number;
    product_name: string;
    product_type: (typeof PRODUCT_TYPES)[number];
    is_active: 0 | 1;
    /** The product's active configurations, the ones that can be assigned. */
    configurations: { configuration_id: number; value: string; info: string }[];
  };
  discount_plans: { discount_plan_id: number; name: string }[];
  pad_customers: { customer_id: number; name: string; is_active: 0 | 1; assignments: ProductPadCell[] }[];
  filters: { page: number; limit: number; total_count: number; total_pages: number };
}

export const PAD_ACTIONS = ['assign', 'update', 'unassign', 'disable', 'enable'] as const;
export const padChangeBody = z
  .object({
    customer_id: z.number().int().positive(),
    action: z.enum(PAD_ACTIONS),
    configuration_ids: z.array(z.number().int().positive()).min(1).max(2000),
    /** The plan for these assignments; null → the customer's default slab applies. */
    discount_plan_id: z.number().int().positive().nullable().optional(),
  })
  .refine((b) => b.action !== 'update' || b.discount_plan_id !== undefined, {
    path: ['discount_plan_id'],
    message: 'discount_plan_id: a discount slab must be chosen',
  });
export type PadChangeBody = z.infer<typeof padChangeBody>;

export const viewAssignedProductsBody = z.object({
  customer_id: z.number().int().positive().optional(),
  product_type: z.enum(PRODUCT_TYPES).optional(),
});

export const productDiscountsBody = pageQuery.extend({
  customer_id: z.number().int().positive().optional(),
  product_type: z.enum(PRODUCT_TYPES).optional(),
  search_text: z.string().max(100).optional(),
});

export interface PadRow {
  configuration_id: number;
  product_id: number;
  product_name: string;
  product_type: string;
  value: string;
  info: string;
  assigned: 0 | 1;
  is_active: 0 | 1;
  discount_plan_id: number | null;
  discount: string;
  price: string;
}

export type ProductType = (typeof PRODUCT_TYPES)[number];

/** One row of `/api/view_discount_plan/` without a slab id. */
export interface DiscountSlabRow {
  discount_slab_id: number;
  name: string;
  items: number;
  customers: number;
  created_at: string;
}

/** `/api/view_discount_plan/` with a slab id: every configuration the owner may hand on. */
export interface DiscountSlabDetail {
  discount_slab_id: number;
  name: string;
  configurations: {
    configuration_id: number;
    product_id: number;
    product_name: string;
    product_type: ProductType;
    value: string;
    info: string;
    /** Null: the slab gives no discount on this configuration. */
    discount: string | null;
    price: string;
  }[];
}

/** `/api/view_pad/`. */
export interface PadView {
  customer_id: number;
  product_type: ProductType | null;
  pad_list: PadRow[];
  discount_plans: { discount_plan_id: number; name: string }[];
}

/** One row of `/api/product_discounts_list/`. */
export interface ProductDiscountRow {
  customer_id: number;
  customer_name: string;
  configuration_id: number;
  product_name: string;
  product_type: ProductType;
  value: string;
  is_active: 0 | 1;
  discount_plan: string | null;
  from_default_slab: 0 | 1;
  discount: string;
  price: string;
}
