import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { addProductBody, configurationInput, flag01, PRODUCT_TYPES, updateProductBody } from './products.ts';

/** Delimiters offered at upload; `\t` may come as the two characters or a real tab. */
export const DELIMITERS = [',', ';', '\t', '|'] as const;
/** Which configurations a stock list shows: the viewer's own, those the platform assigned to it, or both. */
export const OWNERSHIPS = ['own', 'assigned'] as const;
export const IMPORT_MAX_LINES = LIMITS.maxPinsPerImport + 1; // room for a header row

export const uploadFileFields = z.object({
  delimiter: z
    .string()
    .transform((d) => (d === '\\t' || d === 'tab' ? '\t' : d))
    .pipe(z.enum(DELIMITERS, 'delimiter: one of , ; | or tab'))
    .default(','),
});

const column = (field: string) => z.number().int().min(1, `${field}: a 1-based column position`).max(50);

/** Step 2 of the import (spec section 3 "Inventory import"). Column positions are 1-based. */
/**
 * A percent from 0 to 100 with up to 4 decimals. A sign is read so that a negative discount is refused
 * as below the minimum (rule `too_small`), not as an unreadable number.
 */
const buyingDiscount = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .superRefine((v, ctx) => {
    if (!/^-?\d{1,15}(\.\d{1,4})?$/.test(v))
      ctx.addIssue({ code: 'custom', input: v, message: 'buying_discount: a number with up to 4 decimals' });
    else if (v.startsWith('-') && Number(v) !== 0)
      ctx.addIssue({
        code: 'too_small',
        origin: 'number',
        minimum: 0,
        inclusive: true,
        input: v,
        message: 'buying_discount: at least 0 percent',
      });
    else if (Number(v) > 100)
      ctx.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: 100,
        inclusive: true,
        input: v,
        message: 'buying_discount: at most 100 percent',
      });
  })
  .transform((v) => v.replace(/^-/, ''));

export const stepTwoBody = z.object({
  import_id: z.number().int().positive(),
  configuration_id: z.number().int().positive(),
  pin_sequence: column('pin_sequence'),
  batch_sequence: column('batch_sequence').optional(),
  serial_sequence: column('serial_sequence').optional(),
  has_header: flag01,
  import_batch: z.string().trim().min(1).max(100).optional().describe('Lot number for rows without a batch column'),
  supplier_id: z.number().int().positive(),
  buying_discount: buyingDiscount,
});
export type StepTwoBody = z.input<typeof stepTwoBody>;

export const stepThreeBody = z.object({
  import_id: z.number().int().positive(),
  /** The spec's cancel flag: 1 cancels the import, 0 approves its good rows. */
  cancel: flag01.default(false),
  /** Approve as published (for sale, default) or unpublished. */
  publish: flag01.default(true),
});

export const failedPinsBody = z.object({
  import_id: z.number().int().positive(),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.inventoryPageSize),
});

/** Imports of the approve screen: those still in their three steps, or all. */
export const importListBody = z.object({
  status: z.enum(['pending', 'all']).default('pending'),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.inventoryPageSize),
});

export const previousDiscountBody = z.object({
  supplier_id: z.number().int().positive(),
  configuration_id: z.number().int().positive().optional(),
});

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

export const addPoolBody = z.object({
  pool_name: z.string().trim().min(1, 'pool_name: required').max(200),
  pin_length: z.number().int().min(4).max(64),
  customer_care: z.string().trim().max(500).default(''),
  instructions: z.string().trim().max(5000).default(''),
  configurations: z.array(configurationInput).min(1, 'configurations: at least one denomination').max(100),
});

/** Without pool_id: a page of pools; with it, an update of that pool (name, active), then the page. */
export const viewUpdatePoolBody = z.object({
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
  pool_id: z.number().int().positive().optional(),
  pool_name: z.string().trim().min(1).max(200).optional(),
  is_active: flag01.optional(),
});

export const poolStepTwoBody = stepTwoBody.extend({ pool_id: z.number().int().positive() });

export const giftCardsBody = z.object({
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
  search_text: z.string().trim().max(100).optional(),
});
/** Gift cards are products of type gift card (spec section 2 "/admin/giftcards/…"). */
export const addGiftCardsBody = addProductBody.omit({ product_type: true });
export const updateGiftCardsBody = updateProductBody;
export const giftCardDetailsBody = z.object({ card: z.number().int().positive() });
export const giftCardBatchSearchBody = z.object({
  batch_no: z.string().trim().min(1, 'batch_no: required').max(100),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
});

export type ImportStatus = 'uploaded' | 'validating' | 'validated' | 'approved' | 'cancelled';

export interface ImportView {
  import_id: number;
  kind: 'product' | 'pool';
  status: ImportStatus;
  file_name: string;
  delimiter: string;
  line_count: number;
  column_count: number;
  detected_header: 0 | 1;
  has_header: 0 | 1 | null;
  configuration_id: number | null;
  product_name: string | null;
  value: string | null;
  supplier_id: number | null;
  supplier_name: string | null;
  buying_discount: string | null;
  import_batch: string | null;
  total_rows: number | null;
  valid_rows: number | null;
  failed_rows: number | null;
  imported_pins: number | null;
  published: 0 | 1 | null;
  created_at: string;
}

/**
 * A customer's plan the cost of an approved import breaks (DOMAIN.md: approving an import whose cost
 * breaks an existing plan warns the operator): what the customer pays for the configuration is below
 * the new cost per PIN. The approval still happens.
 */
export interface MarginWarning {
  customer_id: number;
  customer_name: string;
  configuration_id: number;
  product_name: string;
  value: string;
  /** The plan that prices it: the assignment's, or the customer's default slab; null when none does. */
  discount_plan_id: number | null;
  discount_plan: string | null;
  from_default_slab: 0 | 1;
  discount: string;
  price: string;
  cost: string;
}

/** The answer of step 3: the import, and on approval the plans its cost breaks. */
export interface DecidedImportView extends ImportView {
  margin_warnings: MarginWarning[];
}

export interface FailedRowView {
  row_no: number;
  pin: string;
  reason: FailedReason;
}

/** Why step 2 refused a row (spec: present, letters/digits/dashes, length, no duplicate in file or stock, no formula). */
export const FAILED_REASONS = [
  'missing',
  'formula_prefix',
  'invalid_characters',
  'wrong_length',
  'duplicate_in_file',
  'duplicate_in_stock',
] as const;
export type FailedReason = (typeof FAILED_REASONS)[number];

export interface StockCounts {
  total: number;
  sold: number;
  unsold: number;
  published: number;
  unpublished: number;
  available: number;
}

/**
 * The stock figures of a configuration as its viewer may see them: all of them for its own stock; for a
 * configuration the platform assigned to a reseller only how many pins are for sale (`assigned: 1`),
 * since the platform's totals and sales include other resellers' business.
 */
export type VisibleStockCounts =
  | (StockCounts & { assigned: 0 })
  | ({ [K in Exclude<keyof StockCounts, 'available'>]: null } & { available: number; assigned: 1 });
