import { z } from 'zod';
import { bitFlag, type EndpointSchemas, pageOf, type UploadSchemas } from './envelope.ts';
import { int } from './inventory.ts';
import { LIMITS } from './limits.ts';
import { flag01 } from './products.ts';
import { RULES } from './rules.ts';
import { SCREENS } from './screens.ts';

/** The PIN import in three steps (spec section 3 "Inventory import"): upload, columns and check, approve. */

/** Delimiters offered at upload; `\t` may come as the two characters or a real tab. */
export const DELIMITERS = [',', ';', '\t', '|'] as const;
export const IMPORT_MAX_LINES = LIMITS.maxPinsPerImport + 1; // room for a header row

export const uploadFileFields = z.object({
  delimiter: z
    .string()
    .transform((d) => (d === '\\t' || d === 'tab' ? '\t' : d))
    .pipe(z.enum(DELIMITERS, 'delimiter: one of , ; | or tab'))
    .default(','),
});

const column = (field: string) => z.number().int().min(1, `${field}: a 1-based column position`).max(50);

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

/** Step 2 of the import (spec section 3 "Inventory import"). Column positions are 1-based. */
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

export const IMPORT_KINDS = ['product', 'pool'] as const;
export const IMPORT_STATUSES = ['uploaded', 'validating', 'validated', 'approved', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const importView = z.object({
  import_id: int,
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  delimiter: z.string(),
  line_count: int,
  column_count: int,
  detected_header: bitFlag,
  has_header: bitFlag.nullable(),
  configuration_id: int.nullable(),
  product_name: z.string().nullable(),
  value: z.string().nullable(),
  supplier_id: int.nullable(),
  supplier_name: z.string().nullable(),
  buying_discount: z.string().nullable(),
  import_batch: z.string().nullable(),
  total_rows: int.nullable(),
  valid_rows: int.nullable(),
  failed_rows: int.nullable(),
  imported_pins: int.nullable(),
  published: bitFlag.nullable(),
  created_at: z.string(),
});
export type ImportView = z.infer<typeof importView>;

/** Step 1's answer: the import and the first lines of the file, every cell below a header masked like a PIN. */
export const uploadedImport = importView.extend({ preview: z.array(z.array(z.string())) });
export type UploadedImport = z.infer<typeof uploadedImport>;

/**
 * A customer's plan the cost of an approved import breaks (DOMAIN.md: approving an import whose cost
 * breaks an existing plan warns the operator): what the customer pays for the configuration is below
 * the new cost per PIN. The approval still happens.
 */
export const marginWarning = z.object({
  customer_id: int,
  customer_name: z.string(),
  configuration_id: int,
  product_name: z.string(),
  value: z.string(),
  /** The plan that prices it: the assignment's, or the customer's default slab; null when none does. */
  discount_plan_id: int.nullable(),
  discount_plan: z.string().nullable(),
  from_default_slab: bitFlag,
  discount: z.string(),
  price: z.string(),
  cost: z.string(),
});
export type MarginWarning = z.infer<typeof marginWarning>;

/** The answer of step 3: the import, and on approval the plans its cost breaks. */
export const decidedImportView = importView.extend({ margin_warnings: z.array(marginWarning) });
export type DecidedImportView = z.infer<typeof decidedImportView>;

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

export const failedRowView = z.object({ row_no: int, pin: z.string(), reason: z.enum(FAILED_REASONS) });
export type FailedRowView = z.infer<typeof failedRowView>;

/** The failed rows of one import, with the import. */
export const failedRowsPage = pageOf('failed_pins', failedRowView).extend({ import: importView });

export const previousDiscount = z.object({
  supplier_id: int,
  configuration_id: int.nullable(),
  buying_discount: z.string().nullable(),
  used_at: z.string().nullable(),
});
/** The import form's fields with its CSV file, as multipart parts. */
export const uploadBody = uploadFileFields.extend({ csv_file: z.unknown() });

export const inventoryUploads = {
  '/upload_file/': { body: uploadBody, data: uploadedImport, rule: RULES.inventory },
  '/pool_upload_file/': { body: uploadBody, data: uploadedImport, rule: SCREENS['/inventory/pool'] },
} satisfies Record<string, UploadSchemas>;

export const inventoryImportEndpoints = {
  '/background_task_step_two/': { body: stepTwoBody, data: importView, rule: RULES.inventory, status: 202 },
  '/failed_pins_list/': { body: failedPinsBody, data: failedRowsPage, rule: RULES.inventory },
  '/upload_step_three/': { body: stepThreeBody, data: decidedImportView, rule: RULES.inventory },
  '/previous_supplier_discount/': { body: previousDiscountBody, data: previousDiscount, rule: RULES.inventory },
  '/inventory_imports/': { body: importListBody, data: pageOf('imports', importView), rule: RULES.inventory },
} satisfies Record<string, EndpointSchemas>;
