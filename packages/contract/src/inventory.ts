import { z } from 'zod';
import { bitFlag, type EndpointSchemas, pageOf } from './envelope.ts';
import { LIMITS } from './limits.ts';
import { flag01, PRODUCT_TYPES } from './products.ts';
import { RULES } from './rules.ts';

/** Which configurations a stock list shows: the viewer's own, those the platform assigned to it, or both. */
export const OWNERSHIPS = ['own', 'assigned'] as const;

export const inventoryListBody = z.object({
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.inventoryPageSize),
  search_text: z.string().trim().max(100).optional(),
  filters: z
    .object({
      product_type: z.enum(PRODUCT_TYPES).optional(),
      product_id: z.number().int().positive().optional(),
      ownership: z.enum(OWNERSHIPS).optional(),
    })
    .default({}),
});

export const stockDetailsBody = z.object({
  configuration_id: z.number().int().positive(),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.inventoryPageSize),
});

export const PIN_STATES = ['all', 'available', 'sold', 'unpublished'] as const;

export const stockBatchBody = stockDetailsBody.extend({
  batch: z.string().min(1).max(100),
  status: z.enum(PIN_STATES).default('all'),
});

export const updateBatchStatusBody = z.object({
  configuration_id: z.number().int().positive(),
  batch: z.string().min(1).max(100),
  publish: flag01,
});

export const inventorySearchBody = z.object({
  search_type: z.enum(['pin', 'batch']),
  search_text: z.string().trim().min(1, 'search_text: required').max(100),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
});

export const int = z.number().int();

export const stockCounts = z.object({
  total: int,
  sold: int,
  unsold: int,
  published: int,
  unpublished: int,
  available: int,
});
export type StockCounts = z.infer<typeof stockCounts>;

const ownCounts = stockCounts.extend({ assigned: z.literal(0) });
const assignedCounts = z.object({
  total: z.null(),
  sold: z.null(),
  unsold: z.null(),
  published: z.null(),
  unpublished: z.null(),
  available: int,
  assigned: z.literal(1),
});

/**
 * The stock figures of a configuration as its viewer may see them: all of them for its own stock; for a
 * configuration the platform assigned to a reseller only how many pins are for sale (`assigned: 1`),
 * since the platform's totals and sales include other resellers' business.
 */
export const visibleStockCounts = z.discriminatedUnion('assigned', [ownCounts, assignedCounts]);
export type VisibleStockCounts = z.infer<typeof visibleStockCounts>;

/** A row of `shape` with the visible stock figures of its configuration. */
export function withVisibleCounts<S extends z.ZodRawShape>(shape: S) {
  return z.discriminatedUnion('assigned', [ownCounts.extend(shape), assignedCounts.extend(shape)]);
}

/** One configuration of `/inventory_list/`. */
export const stockRow = withVisibleCounts({
  configuration_id: int,
  product_id: int,
  product_name: z.string(),
  product_type: z.enum(PRODUCT_TYPES),
  value: z.string(),
  info: z.string(),
  is_active: bitFlag,
});
export type StockRow = z.infer<typeof stockRow>;

export const stockConfiguration = withVisibleCounts({
  configuration_id: int,
  product_id: int,
  product_name: z.string(),
  product_type: z.enum(PRODUCT_TYPES),
  value: z.string(),
  info: z.string(),
  pin_length: int,
  is_active: bitFlag,
});
export type StockConfiguration = z.infer<typeof stockConfiguration>;

/** One lot of a configuration: the PINs imported under one batch number. */
export const lotRow = stockCounts.extend({
  batch: z.string(),
  lot_number: z.string(),
  imported_at: z.string(),
  supplier_name: z.string().nullable(),
  buying_discount: z.string(),
  cost: z.string(),
});
export type LotRow = z.infer<typeof lotRow>;

export const stockDetails = pageOf('batches', lotRow).extend({ configuration: stockConfiguration });

export const PIN_STATUSES = ['available', 'sold', 'unpublished'] as const;

/** A PIN of a lot, masked. */
export const lotPin = z.object({
  pin_id: int,
  pin: z.string(),
  serial: z.string().nullable(),
  status: z.enum(PIN_STATUSES),
  published: bitFlag,
  sold: bitFlag,
  sold_at: z.string().nullable(),
  imported_at: z.string(),
});
export type LotPin = z.infer<typeof lotPin>;

export const batchSummary = stockCounts.extend({
  configuration_id: int,
  product_name: z.string(),
  value: z.string(),
  batch: z.string(),
  lot_number: z.string(),
});
export type BatchSummary = z.infer<typeof batchSummary>;

export const batchDetails = pageOf('pins', lotPin).extend({ batch: batchSummary });

export const batchStatusResult = z.object({
  configuration_id: int,
  batch: z.string(),
  published: bitFlag,
  changed_pins: int,
});

/** A PIN found by `/inventory_batch_and_pin_search/`, masked. */
export const pinSearchRow = z.object({
  pin_id: int,
  pin: z.string(),
  serial: z.string().nullable(),
  batch: z.string(),
  lot_number: z.string(),
  status: z.enum(PIN_STATUSES),
  available: bitFlag,
  sold_at: z.string().nullable(),
  imported_at: z.string(),
  import_id: int.nullable(),
  product_id: int,
  product_name: z.string(),
  product_type: z.enum(PRODUCT_TYPES),
  configuration_id: int,
  value: z.string(),
  owner_name: z.string(),
  supplier_name: z.string().nullable(),
});
export type PinSearchRow = z.infer<typeof pinSearchRow>;

export const inventoryEndpoints = {
  '/inventory_list/': { body: inventoryListBody, data: pageOf('inventory', stockRow), rule: RULES.inventory },
  '/stock_details/': { body: stockDetailsBody, data: stockDetails, rule: RULES.inventory },
  '/stock_batch_details/': { body: stockBatchBody, data: batchDetails, rule: RULES.inventory },
  '/update_batch_status/': { body: updateBatchStatusBody, data: batchStatusResult, rule: RULES.inventory },
  '/inventory_batch_and_pin_search/': {
    body: inventorySearchBody,
    data: pageOf('results', pinSearchRow),
    rule: RULES.inventory,
  },
} satisfies Record<string, EndpointSchemas>;
