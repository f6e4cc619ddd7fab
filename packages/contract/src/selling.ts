import { z } from 'zod';
import { freeText } from './credit.ts';
import { customerExtraFields } from './customers.ts';
import { pageQuery } from './envelope.ts';
import { LIMITS } from './limits.ts';
import { PRODUCT_TYPES, type ProductType } from './products.ts';
import type { FeatureFlag } from './roles.ts';

/**
 * Selling at the counter (issue 5): what a shop may sell, the purchase calls with their transaction
 * key, receipts, downloads, sales, the Z report and the shop's own settings.
 */

/** The flag a product type's screen needs (ARCHITECTURE.md "Route rules"); buying it needs it too. */
export const PRODUCT_TYPE_FLAG: Record<ProductType, FeatureFlag> = {
  cash_card: 'has_cash_card',
  gift_card: 'has_gift_card',
  calling_card: 'has_transaction',
};

/** The screen of each product type: one page component, three routes. */
export const PRODUCT_TYPE_SCREEN = {
  cash_card: '/cashcards/',
  calling_card: '/callingcards/',
  gift_card: '/giftcards/',
} as const satisfies Record<ProductType, string>;

const transactionKey = z
  .string({ error: 'transaction_key: required' })
  .min(16, 'transaction_key: fetch one from get_transaction_session_key first')
  .max(128);
const configuration = z.number({ error: 'configuration: required' }).int().positive();
const quantityAtLeastOne = z.number({ error: 'quantity: required' }).int().min(1, 'quantity: at least 1');

/** `/add_transaction_v3/`: at most 20 at a time in one step (spec section 5). */
export const purchaseBody = z.object({
  transaction_key: transactionKey,
  configuration,
  quantity: quantityAtLeastOne.max(
    LIMITS.maxSingleStepPurchase,
    `quantity: at most ${LIMITS.maxSingleStepPurchase} at a time in one step`,
  ),
});
export type PurchaseBody = z.infer<typeof purchaseBody>;

/** `/add_bulk_transaction_v3/`: up to the maximum quantity 1500, answered with a download. */
export const bulkPurchaseBody = purchaseBody.extend({
  quantity: quantityAtLeastOne.max(
    LIMITS.maxPurchaseQuantity,
    `quantity: the maximum quantity is ${LIMITS.maxPurchaseQuantity}`,
  ),
});
export type BulkPurchaseBody = z.infer<typeof bulkPurchaseBody>;

/**
 * How the client buys a quantity (spec section 9, ARCHITECTURE.md): one call up to 20; 21–30 split
 * into calls of at most 20, each with its own key; above 30 or with download_csv on, the bulk call.
 */
export function purchasePlan(quantity: number, downloadCsv: boolean): { bulk: boolean; steps: number[] } {
  if (downloadCsv || quantity > LIMITS.clientSplitPurchaseUpTo) return { bulk: true, steps: [quantity] };
  const steps: number[] = [];
  for (let left = quantity; left > 0; left -= LIMITS.maxSingleStepPurchase) {
    steps.push(Math.min(left, LIMITS.maxSingleStepPurchase));
  }
  return { bulk: false, steps };
}

export interface ReceiptPin {
  pin_id: number;
  pin: string;
  serial: string | null;
  lot: string;
}

export interface SaleProduct {
  product_id: number;
  product_name: string;
  product_type: ProductType;
  product_image: string | null;
  customer_care: string;
  instructions: string;
}

/** The purchase answer and the reprint: everything a receipt prints. Prices are null for masked staff. */
export interface SaleReceipt {
  sale_id: number;
  status: 'successful';
  kind: 'single' | 'bulk';
  product: SaleProduct;
  configuration: { configuration_id: number; value: string; info: string };
  quantity: number;
  total_value: string;
  unit_price: string | null;
  total_price: string | null;
  sold_at: string;
  sold_by: string;
  shop: { name: string; address: { address: string; house_no: string; postal: string; city: string } | null };
  pins: ReceiptPin[];
}

/** The bulk call's answer: the PINs are in the file, never in the answer. */
export interface BulkPurchaseResult extends Omit<SaleReceipt, 'pins'> {
  download_id: string;
}

export const sellerProductsBody = pageQuery.extend({
  product_type: z.enum(PRODUCT_TYPES).optional(),
  product_id: z.number().int().positive().optional(),
  search_text: freeText(100).optional(),
});
export type SellerProductsBody = z.infer<typeof sellerProductsBody>;

export interface SellerConfiguration {
  configuration_id: number;
  value: string;
  info: string;
  /** The shop's price and discount; null for staff when the shop masks its discount. */
  price: string | null;
  discount: string | null;
  in_stock: 0 | 1;
  /** PINs for sale, counted up to the maximum quantity (never the owner's whole stock). */
  available: number;
  favourite: 0 | 1;
}

export interface SellerProduct extends SaleProduct {
  pin_length: number;
  configurations: SellerConfiguration[];
}

/** One row of `/view_seller_products/`: a configuration with its product. */
export type SellerProductRow = Omit<SellerProduct, 'configurations'> & SellerConfiguration;

const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

export const salesFilters = z.object({
  from: dateOnly.optional(),
  to: dateOnly.optional(),
  product_type: z.enum(PRODUCT_TYPES).optional(),
  configuration_id: z.number().int().positive().optional(),
  user_id: z.number().int().positive().optional(),
});
export const salesReportBody = pageQuery.extend({ filters: salesFilters.optional() }).extend(salesFilters.shape);
export type SalesReportBody = z.infer<typeof salesReportBody>;

export interface SaleRow {
  sale_id: number;
  created_at: string;
  kind: 'single' | 'bulk';
  product_id: number;
  product_name: string;
  product_type: ProductType;
  configuration_id: number;
  value: string;
  quantity: number;
  total_value: string;
  unit_price: string | null;
  total_price: string | null;
  user_id: number;
  sold_by: string;
  download_id: string | null;
}

export interface SaleDetails extends SaleRow {
  customer_care: string;
  instructions: string;
  pins: { pin_id: number; pin_masked: string; serial: string | null; lot: string }[];
}

export const saleIdQuery = z.object({ sale_id: z.coerce.number().int().positive() });

export const reprintBody = z.object({
  sale_id: z.number().int().positive(),
  /** Some PINs of the sale; all of them when absent. */
  pin_ids: z.array(z.number().int().positive()).min(1).max(LIMITS.maxSingleStepPurchase).optional(),
});
export type ReprintBody = z.infer<typeof reprintBody>;

export interface DownloadInfo {
  download_id: string;
  sale_id: number;
  status: 'pending' | 'ready';
  product_name: string;
  value: string;
  quantity: number;
  created_at: string;
  expires_at: string;
  files: { kind: 'csv' | 'pdf'; name: string; size: number }[];
}

export const zReportBody = z.object({
  action: z.enum(['view', 'close']).default('view'),
  /** An issued report; the open period when absent. */
  z_number: z.number().int().positive().optional(),
});
export type ZReportBody = z.infer<typeof zReportBody>;

export interface ZTotals {
  sales_count: number;
  quantity: number;
  total_value: string;
  total_price: string | null;
  products: {
    product_id: number;
    product_name: string;
    configuration_id: number;
    value: string;
    sales_count: number;
    quantity: number;
    total_value: string;
    total_price: string | null;
  }[];
  staff: {
    user_id: number;
    username: string;
    name: string;
    sales_count: number;
    quantity: number;
    total_value: string;
    total_price: string | null;
  }[];
}

export interface ZReport {
  /** null for the open period (not closed yet). */
  z_number: number | null;
  shop_name: string;
  period_start: string | null;
  period_end: string;
  closed_by: string | null;
  /** 1 when the figures are the asking staff member's own only. */
  own_figures_only: 0 | 1;
  totals: ZTotals;
}

export const zReportListBody = pageQuery;

export interface ZReportListRow {
  z_number: number;
  period_start: string | null;
  closed_at: string;
  closed_by: string;
  sales_count: number;
  total_value: string;
}

export const shopTimingsBody = customerExtraFields.pick({ shop_timings: true, holidays: true, lunch: true });
export type ShopTimingsBody = z.infer<typeof shopTimingsBody>;

export const supportIdBody = z.object({
  support_id: freeText(64).pipe(z.string().min(1, 'support_id: must be filled')),
});

export const MAX_FAVOURITES = 24;
export const favouritesBody = z.object({
  configuration_ids: z
    .array(z.number().int().positive())
    .max(MAX_FAVOURITES, `configuration_ids: at most ${MAX_FAVOURITES} favourites`),
});

export interface Favourite extends SaleProduct {
  configuration_id: number;
  value: string;
  info: string;
  price: string | null;
  in_stock: 0 | 1;
  available: number;
}

export interface SellerDashboard {
  today: { sales_count: number; quantity: number; total_value: string; total_price: string | null };
  /** Whether the list is the user's own (reorderable) or the shop's best sellers (the reset state). */
  favourites_custom: 0 | 1;
  favourites: Favourite[];
  shop: {
    name: string;
    shop_timings: Record<string, { open: string; close: string } | null> | null;
    holidays: string[];
    lunch: { from: string; to: string } | null;
    support_id: string | null;
  };
}
