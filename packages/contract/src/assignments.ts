import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { freeText } from './credit.ts';
import { type EndpointSchemas, pageOf, pageQuery } from './envelope.ts';
import { RULES } from './rules.ts';

export const PRODUCT_TYPES = ['cash_card', 'gift_card', 'calling_card'] as const;

/**
 * A discount in percent off face value: never negative (spec section 5), at most 100, at most `places` decimals;
 * `rule` names the format's message on the screens.
 */
export const percentWithDecimals = (places: number, rule: string) =>
  z
    .union([z.string(), z.number()], { error: 'discount: required' })
    .transform((v) => String(v).trim())
    .refine((v) => new RegExp(`^-?\\d{1,3}(\\.\\d{1,${places}})?$`).test(v), {
      message: `a percentage with at most ${places} decimals`,
      abort: true,
      params: { rule },
    })
    .refine((v) => !new Decimal(v).isNegative(), {
      message: 'Discount value must not be negative',
      abort: true,
      params: { rule: 'discount_negative' },
    })
    .refine((v) => new Decimal(v).lte(100), { message: 'at most 100 percent', params: { rule } });

/** PAD and slab discounts: 4 decimals. */
export const discountPercent = percentWithDecimals(4, 'discount_format');

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
  /** Upserted: a denomination not named keeps its discount. */
  items: z.array(slabItem).max(5000).optional(),
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

export type ProductType = (typeof PRODUCT_TYPES)[number];

const bit = z.union([z.literal(0), z.literal(1)]);
const productType = z.enum(PRODUCT_TYPES);
/**
 * What the operator pays per PIN itself (its price from above, or for its own stock the highest cost of the stock
 * for sale) and its margin on the customer's price; null when the cost is unknown (own stock with none for sale).
 */
const ownPriceFields = { own_price: z.string().nullable(), margin: z.string().nullable() };

const discountPlanChoice = z.object({ discount_plan_id: z.number().int(), name: z.string() });

/** One configuration in a customer's PAD. */
export const padRow = z.object({
  configuration_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_type: productType,
  value: z.string(),
  info: z.string(),
  assigned: bit,
  is_active: bit,
  discount_plan_id: z.number().int().nullable(),
  discount: z.string(),
  price: z.string(),
  ...ownPriceFields,
});
export type PadRow = z.infer<typeof padRow>;

/** `/api/view_pad/` with customer_id. */
export const padView = z.object({
  customer_id: z.number().int(),
  product_type: productType.nullable(),
  pad_list: z.array(padRow),
  discount_plans: z.array(discountPlanChoice),
});
export type PadView = z.infer<typeof padView>;

/** One configuration of the product in a customer's row of the per-product PAD. */
export const productPadCell = z.object({
  configuration_id: z.number().int(),
  assigned: bit,
  is_active: bit,
  /** The assignment's own plan; null: the customer's default slab applies (`discount_plan` names it). */
  discount_plan_id: z.number().int().nullable(),
  discount_plan: z.string().nullable(),
  discount: z.string(),
  price: z.string(),
});
export type ProductPadCell = z.infer<typeof productPadCell>;

export const productPadCustomer = z.object({
  customer_id: z.number().int(),
  name: z.string(),
  is_active: bit,
  assignments: z.array(productPadCell),
});
export type ProductPadCustomer = z.infer<typeof productPadCustomer>;

/** `/api/view_pad/` with product_id and without customer_id. */
export const productPadView = pageOf('pad_customers', productPadCustomer).extend({
  product: z.object({
    product_id: z.number().int(),
    product_name: z.string(),
    product_type: productType,
    is_active: bit,
    /** The product's active configurations, the ones that can be assigned. */
    configurations: z.array(z.object({ configuration_id: z.number().int(), value: z.string(), info: z.string() })),
  }),
  discount_plans: z.array(discountPlanChoice),
});
export type ProductPadView = z.infer<typeof productPadView>;

/** One row of `/api/view_discount_plan/` without a slab id. */
export const discountSlabRow = z.object({
  discount_slab_id: z.number().int(),
  name: z.string(),
  items: z.number().int(),
  customers: z.number().int(),
  created_at: z.string(),
});
export type DiscountSlabRow = z.infer<typeof discountSlabRow>;

/** `/api/view_discount_plan/` with a slab id: every configuration the owner may hand on. */
export const discountSlabDetail = z.object({
  discount_slab_id: z.number().int(),
  name: z.string(),
  configurations: z.array(
    z.object({
      configuration_id: z.number().int(),
      product_id: z.number().int(),
      product_name: z.string(),
      product_type: productType,
      value: z.string(),
      info: z.string(),
      /** Null: the slab gives no discount on this configuration. */
      discount: z.string().nullable(),
      price: z.string(),
      ...ownPriceFields,
    }),
  ),
});
export type DiscountSlabDetail = z.infer<typeof discountSlabDetail>;

export const discountSlabsPage = pageOf('discount_slabs', discountSlabRow);

/** One row of `/api/product_discounts_list/`. */
export const productDiscountRow = z.object({
  customer_id: z.number().int(),
  customer_name: z.string(),
  configuration_id: z.number().int(),
  product_name: z.string(),
  product_type: productType,
  value: z.string(),
  is_active: bit,
  discount_plan: z.string().nullable(),
  from_default_slab: bit,
  discount: z.string(),
  price: z.string(),
});
export type ProductDiscountRow = z.infer<typeof productDiscountRow>;

/** One configuration a customer may sell; prices are null when the shop masks them from its staff. */
export const assignedConfiguration = z.object({
  configuration_id: z.number().int(),
  value: z.string(),
  info: z.string(),
  is_active: bit,
  discount: z.string().nullable(),
  price: z.string().nullable(),
});

/** `/api/view_assigned_products/`: the configurations a customer may sell, grouped by product. */
export const assignedProducts = z.object({
  customer_id: z.number().int(),
  products: z.array(
    z.object({
      product_id: z.number().int(),
      product_name: z.string(),
      product_type: productType,
      product_image: z.string().nullable(),
      customer_care: z.string(),
      instructions: z.string(),
      configurations: z.array(assignedConfiguration),
    }),
  ),
});
export type AssignedProducts = z.infer<typeof assignedProducts>;

export const assignmentsEndpoints = {
  '/view_discount_plan/': {
    body: viewDiscountPlanBody.optional(),
    data: z.union([discountSlabsPage, discountSlabDetail]),
    rule: RULES.discountSlabs,
  },
  '/add_discount_plan/': { body: addDiscountPlanBody, data: discountSlabDetail, rule: RULES.discountSlabs },
  '/update_configuration_slab/': {
    body: updateConfigurationSlabBody,
    data: discountSlabDetail,
    rule: RULES.discountSlabs,
  },
  '/view_pad/': { body: viewPadBody, data: z.union([padView, productPadView]), rule: RULES.assignProducts },
  '/add_update_delete_disable_pad/': { body: padChangeBody, data: padView, rule: RULES.assignProducts },
  '/view_assigned_products/': { body: viewAssignedProductsBody.optional(), data: assignedProducts, rule: RULES.all },
  '/product_discounts_list/': {
    body: productDiscountsBody.optional(),
    data: pageOf('product_discounts', productDiscountRow),
    rule: RULES.reportsOperators,
  },
} satisfies Record<string, EndpointSchemas>;
