import { z } from 'zod';
import { calendarDay } from './calendar-day.ts';
import { freeText } from './credit.ts';
import { customerExtraFields } from './customer-fields.ts';
import { type EndpointSchemas, type FileSchemas, pageOf, pageQuery, secret } from './envelope.ts';
import { LIMITS } from './limits.ts';
import { PRODUCT_TYPES, type ProductType } from './products.ts';
import type { FeatureFlag } from './roles.ts';
import { RULES } from './rules.ts';
import { SCREENS } from './screens.ts';

/**
 * Selling at the counter: what a shop may sell, the purchase calls with their transaction
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
  /**
   * The client's id of a purchase of 21–30 that runs as steps of at most 20: every step sends the same one,
   * so the steps' sales are shown and printed as one purchase. Absent for a purchase of one step.
   */
  purchase_group: z.uuid('purchase_group: must be a UUID').optional(),
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

export const receiptPin = z.object({
  pin_id: z.number(),
  pin: secret(z.string()),
  serial: z.string().nullable(),
  lot: z.string(),
});
export type ReceiptPin = z.infer<typeof receiptPin>;

export const saleProduct = z.object({
  product_id: z.number(),
  product_name: z.string(),
  product_type: z.enum(PRODUCT_TYPES),
  product_image: z.string().nullable(),
  customer_care: z.string(),
  instructions: z.string(),
});
export type SaleProduct = z.infer<typeof saleProduct>;

const postalAddress = z.object({ address: z.string(), house_no: z.string(), postal: z.string(), city: z.string() });

const receiptFields = {
  sale_id: z.number(),
  status: z.literal('successful'),
  kind: z.enum(['single', 'bulk']),
  product: saleProduct,
  configuration: z.object({ configuration_id: z.number(), value: z.string(), info: z.string() }),
  quantity: z.number(),
  total_value: z.string(),
  unit_price: z.string().nullable(),
  total_price: z.string().nullable(),
  sold_at: z.string(),
  sold_by: z.string(),
  shop: z.object({ name: z.string(), address: postalAddress.nullable() }),
  /**
   * The VAT a receipt shows (issue 40): null for a multi-purpose voucher, outside the scope of VAT at its sale
   * (§ 3 Abs. 15 UStG), whose receipt shows none; for a single-purpose voucher its rate and the VAT the face value
   * includes, of one PIN (a slip per PIN) and of the sale (a merged slip), each rounded half up to the cent.
   */
  vat: z.object({ rate: z.string(), unit_amount: z.string(), total_amount: z.string() }).nullable(),
};

/** The purchase answer and the reprint: everything a receipt prints. Prices are null for masked staff. */
export const saleReceipt = z.object({ ...receiptFields, pins: z.array(receiptPin) });
export type SaleReceipt = z.infer<typeof saleReceipt>;

/** A reprint: the sale's receipt again, printed as a copy with the time of the reprint. */
export const reprintReceipt = saleReceipt.extend({ reprinted_at: z.string() });
export type ReprintReceipt = z.infer<typeof reprintReceipt>;

/** The bulk call's answer: the PINs are in the file, never in the answer. */
export const bulkPurchaseResult = z.object({ ...receiptFields, download_id: z.string() });
export type BulkPurchaseResult = z.infer<typeof bulkPurchaseResult>;

export const sellerProductsBody = pageQuery.extend({
  product_type: z.enum(PRODUCT_TYPES).optional(),
  product_id: z.number().int().positive().optional(),
  search_text: freeText(100).optional(),
});
export type SellerProductsBody = z.infer<typeof sellerProductsBody>;

export const sellerConfiguration = z.object({
  configuration_id: z.number(),
  value: z.string(),
  info: z.string(),
  /** The shop's price and discount; null for staff when the shop masks its discount. */
  price: z.string().nullable(),
  discount: z.string().nullable(),
  in_stock: z.union([z.literal(0), z.literal(1)]),
  /** PINs for sale, counted up to the maximum quantity (never the owner's whole stock). */
  available: z.number(),
  favourite: z.union([z.literal(0), z.literal(1)]),
});
export type SellerConfiguration = z.infer<typeof sellerConfiguration>;

export const sellerProduct = saleProduct.extend({
  pin_length: z.number(),
  configurations: z.array(sellerConfiguration),
});
export type SellerProduct = z.infer<typeof sellerProduct>;

/** One row of `/view_seller_products/`: a configuration with its product. */
export const sellerProductRow = saleProduct.extend({ pin_length: z.number() }).extend(sellerConfiguration.shape);
export type SellerProductRow = z.infer<typeof sellerProductRow>;

export const salesFilters = z.object({
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  product_type: z.enum(PRODUCT_TYPES).optional(),
  configuration_id: z.number().int().positive().optional(),
  user_id: z.number().int().positive().optional(),
  /** `pin`, `provider` or one provider's name, as the sales reports' filter (decision 0102). */
  sale_kind: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,29}$/, 'sale_kind: pin, provider or a provider name')
    .optional(),
});
export const salesReportBody = pageQuery.extend({ filters: salesFilters.optional() }).extend(salesFilters.shape);
export type SalesReportBody = z.infer<typeof salesReportBody>;

/**
 * One row of the shop's sales: a purchase of PINs, or a provider sale that succeeded (`sale_kind` its provider,
 * `sale_id` the provider sale's, no `sale_ids`, no purchase kind or product type) and, once reversed, its refund
 * (`refund`, quantity −1, negative totals), decision 0102.
 */
export const saleRow = z.object({
  sale_id: z.number(),
  created_at: z.string(),
  kind: z.enum(['single', 'bulk']).nullable(),
  sale_kind: z.string(),
  refund: z.boolean(),
  operator_name: z.string().nullable(),
  mobile_number: z.string().nullable(),
  product_id: z.number(),
  product_name: z.string(),
  product_type: z.enum(PRODUCT_TYPES).nullable(),
  configuration_id: z.number(),
  value: z.string(),
  quantity: z.number(),
  total_value: z.string(),
  unit_price: z.string().nullable(),
  total_price: z.string().nullable(),
  /** The sales of the purchase this row stands for: its steps when it ran as several (`purchase_group`). */
  sale_ids: z.array(z.number()),
  user_id: z.number(),
  sold_by: z.string(),
  download_id: z.string().nullable(),
});
export type SaleRow = z.infer<typeof saleRow>;

export const saleDetails = saleRow.extend({
  customer_care: z.string(),
  instructions: z.string(),
  pins: z.array(
    z.object({ pin_id: z.number(), pin_masked: z.string(), serial: z.string().nullable(), lot: z.string() }),
  ),
});
export type SaleDetails = z.infer<typeof saleDetails>;

export const saleIdQuery = z.object({ sale_id: z.coerce.number().int().positive() });

export const reprintBody = z.object({
  sale_id: z.number().int().positive(),
  /** Some PINs of the sale; all of them when absent. */
  pin_ids: z.array(z.number().int().positive()).min(1).max(LIMITS.maxSingleStepPurchase).optional(),
});
export type ReprintBody = z.infer<typeof reprintBody>;

export const downloadInfo = z.object({
  download_id: z.string(),
  sale_id: z.number(),
  status: z.enum(['pending', 'ready']),
  product_name: z.string(),
  value: z.string(),
  quantity: z.number(),
  created_at: z.string(),
  expires_at: z.string(),
  files: z.array(z.object({ kind: z.enum(['csv', 'pdf']), name: z.string(), size: z.number() })),
});
export type DownloadInfo = z.infer<typeof downloadInfo>;

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

export const favourite = saleProduct.extend({
  configuration_id: z.number(),
  value: z.string(),
  info: z.string(),
  price: z.string().nullable(),
  in_stock: z.union([z.literal(0), z.literal(1)]),
  available: z.number(),
});
export type Favourite = z.infer<typeof favourite>;

export const favourites = z.object({
  /** Whether the list is the user's own (reorderable) or the shop's best sellers (the reset state). */
  favourites_custom: z.union([z.literal(0), z.literal(1)]),
  favourites: z.array(favourite),
});

export const shopSettings = z.object({
  name: z.string(),
  shop_timings: z.record(z.string(), z.object({ open: z.string(), close: z.string() }).nullable()).nullable(),
  holidays: z.array(z.string()),
  lunch: z.object({ from: z.string(), to: z.string() }).nullable(),
  support_id: z.string().nullable(),
});

export const sellerDashboard = favourites.extend({
  today: z.object({
    sales_count: z.number(),
    quantity: z.number(),
    total_value: z.string(),
    total_price: z.string().nullable(),
  }),
  shop: shopSettings,
});
export type SellerDashboard = z.infer<typeof sellerDashboard>;

/** `/api/get_transaction_session_key/`: the key a purchase carries so a retried request sells once. */
export const issuedTransactionKey = z.object({ transaction_key: z.string() });
export const sellerProducts = z.object({ products: z.array(sellerProduct) });
export const supportIdResult = z.object({ support_id: z.string() });
export const downloadParams = z.object({ downloadId: z.string().max(64) });
/**
 * `GET /api/download/{id}/csv/?format=machine`: the bulk-PIN CSV as shops' software reads it (fixed English header,
 * `,`, dot decimals, no BOM; decision 0131) instead of the file in the buyer's language.
 */
export const downloadFileQuery = z.object({ format: z.enum(['machine']).optional() });

export const sellingEndpoints = {
  '/get_transaction_session_key/': { method: 'GET', data: issuedTransactionKey, rule: RULES.purchase },
  '/view_seller_products/': {
    body: sellerProductsBody.optional(),
    data: pageOf('products', sellerProductRow),
    rule: RULES.sellerOrSupport,
  },
  '/view_seller_products_v2/': {
    body: sellerProductsBody.optional(),
    data: sellerProducts,
    rule: RULES.sellerOrSupport,
  },
  '/add_transaction_v3/': { body: purchaseBody, data: saleReceipt, rule: RULES.purchase, refusals: true },
  '/add_bulk_transaction_v3/': {
    body: bulkPurchaseBody,
    data: bulkPurchaseResult,
    rule: RULES.purchase,
    refusals: true,
  },
  '/download/:downloadId/': {
    method: 'GET',
    params: downloadParams,
    data: downloadInfo,
    rule: SCREENS['/download/:downloadId'],
  },
  '/reprint_sale/': { body: reprintBody, data: reprintReceipt, rule: RULES.sellerOrSupport },
  '/get_sales_record_details/': { method: 'GET', query: saleIdQuery, data: saleDetails, rule: RULES.saleDetails },
  '/get_sales_report_2_with_customer_id/': {
    body: salesReportBody.optional(),
    data: pageOf('sales', saleRow),
    rule: RULES.seller,
  },
  '/seller_dashboard/': { method: 'GET', data: sellerDashboard, rule: RULES.dashboard },
  '/view_favourites/': { method: 'GET', data: favourites, rule: RULES.dashboard },
  '/update_favourites/': { body: favouritesBody, data: favourites, rule: RULES.dashboard },
  '/reset_favourites/': { data: favourites, rule: RULES.dashboard },
  '/update_shop_open_timings/': { body: shopTimingsBody, data: shopSettings, rule: RULES.sellerManager },
  '/update_support_id/': { body: supportIdBody, data: supportIdResult, rule: RULES.seller },
} satisfies Record<string, EndpointSchemas>;

/** A download's file, CSV or PDF, under the rule of its screen. */
export const sellingFiles = {
  '/download/:downloadId/:kind/': {
    method: 'GET',
    params: downloadParams.extend({ kind: z.enum(['csv', 'pdf']) }),
    query: downloadFileQuery,
    file: 'text/csv, application/pdf',
    rule: SCREENS['/download/:downloadId'],
  },
} satisfies Record<string, FileSchemas>;
