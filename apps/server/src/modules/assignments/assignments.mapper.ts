import {
  type AssignedProducts,
  type DiscountSlabDetail,
  type DiscountSlabRow,
  type PadRow,
  PRODUCT_TYPES,
  type ProductDiscountRow,
  type ProductPadCell,
  type ProductType,
} from '@portal/contract/assignments';
import type { MarginWarning } from '@portal/contract/inventory-import';
import { priceAfterDiscount } from '@portal/contract/pricing';
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { bit } from '../../platform/envelope.ts';
import { moneyText } from '../../platform/money.ts';
import type { AssignmentsRepository, MarginRow } from './assignments.repository.ts';
import type { DiscountSlabsRepository } from './discount-slabs.repository.ts';

type Configuration = Awaited<ReturnType<AssignmentsRepository['findAvailable']>>[number];
type PadEntry = Awaited<ReturnType<AssignmentsRepository['findPad']>>[number];
type PadCell = Awaited<ReturnType<AssignmentsRepository['findPadOf']>>[number];
type AssignedRow = Awaited<ReturnType<AssignmentsRepository['findAssigned']>>[number];
type DiscountRow = Awaited<ReturnType<AssignmentsRepository['findProductDiscounts']>>['items'][number];
type SlabListRow = Awaited<ReturnType<DiscountSlabsRepository['findSlabs']>>['items'][number];

/** A discount in percent as answers show it. */
export const percentText = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const priceText = (face: string, discount: Decimal.Value) => moneyText(priceAfterDiscount(face, discount));

/** The operator's own price per PIN and what it keeps of the customer's price (null: its cost is unknown). */
function ownPriceAndMargin(face: string, discount: Decimal.Value, ownPrice: string | null | undefined) {
  if (ownPrice === null || ownPrice === undefined) return { own_price: null, margin: null };
  return {
    own_price: moneyText(ownPrice),
    margin: moneyText(priceAfterDiscount(face, discount).minus(new Decimal(ownPrice).toDecimalPlaces(2))),
  };
}

// The products table's CHECK allows only these.
const productTypeSchema = z.enum(PRODUCT_TYPES);
export const productTypeOf = (v: string): ProductType => productTypeSchema.parse(v);

export function slabRowOf(s: SlabListRow): DiscountSlabRow {
  return {
    discount_slab_id: s.discount_slab_id,
    name: s.name,
    items: s.items,
    customers: s.customers,
    created_at: s.created_at.toISOString(),
  };
}

export function slabConfigurationOf(
  c: Configuration,
  discount: string | undefined,
  ownPrice: string | null | undefined,
): DiscountSlabDetail['configurations'][number] {
  return {
    configuration_id: c.configuration_id,
    product_id: c.product_id,
    product_name: c.product_name,
    product_type: productTypeOf(c.product_type),
    value: moneyText(c.value),
    info: c.info,
    discount: discount === undefined ? null : percentText(discount),
    price: priceText(c.value, discount ?? 0),
    ...ownPriceAndMargin(c.value, discount ?? 0, ownPrice),
  };
}

export function padRowOf(c: Configuration, a: PadEntry | undefined, ownPrice: string | null | undefined): PadRow {
  return {
    configuration_id: c.configuration_id,
    product_id: c.product_id,
    product_name: c.product_name,
    product_type: productTypeOf(c.product_type),
    value: moneyText(c.value),
    info: c.info,
    assigned: bit(a !== undefined),
    is_active: bit(a?.is_active === true),
    discount_plan_id: a?.discount_plan_id ?? null,
    discount: percentText(a?.discount ?? 0),
    price: priceText(c.value, a?.discount ?? 0),
    ...ownPriceAndMargin(c.value, a?.discount ?? 0, ownPrice),
  };
}

export function productPadCellOf(c: Configuration, a: PadCell | undefined): ProductPadCell {
  return {
    configuration_id: c.configuration_id,
    assigned: bit(a !== undefined),
    is_active: bit(a?.is_active === true),
    discount_plan_id: a?.discount_plan_id ?? null,
    discount_plan: a?.discount_plan ?? null,
    discount: percentText(a?.discount ?? 0),
    price: priceText(c.value, a?.discount ?? 0),
  };
}

/** Prices are null when the shop masks its discount from its staff (mask_seller_discount). */
export function assignedConfigurationOf(
  r: AssignedRow,
  masked: boolean,
): AssignedProducts['products'][number]['configurations'][number] {
  return {
    configuration_id: r.configuration_id,
    value: moneyText(r.value),
    info: r.info,
    is_active: bit(r.is_active),
    discount: masked ? null : percentText(r.discount),
    price: masked ? null : priceText(r.value, r.discount),
  };
}

export function assignedProductOf(r: AssignedRow): AssignedProducts['products'][number] {
  return {
    product_id: r.product_id,
    product_name: r.product_name,
    product_type: productTypeOf(r.product_type),
    product_image: r.product_image,
    customer_care: r.customer_care,
    instructions: r.instructions,
    configurations: [],
  };
}

export function productDiscountRowOf(r: DiscountRow): ProductDiscountRow {
  return {
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    configuration_id: r.configuration_id,
    product_name: r.product_name,
    product_type: productTypeOf(r.product_type),
    value: moneyText(r.value),
    is_active: bit(r.is_active),
    discount_plan: r.discount_plan,
    from_default_slab: bit(r.from_default_slab),
    discount: percentText(r.discount),
    price: priceText(r.value, r.discount),
  };
}

export function marginWarningOf(r: MarginRow, cost: string): MarginWarning {
  return {
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    configuration_id: r.configuration_id,
    product_name: r.product_name,
    value: moneyText(r.face),
    discount_plan_id: r.discount_plan_id,
    discount_plan: r.discount_plan,
    from_default_slab: bit(r.from_default_slab),
    discount: percentText(r.discount),
    price: priceText(r.face, r.discount),
    cost: moneyText(cost),
  };
}
