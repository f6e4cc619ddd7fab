import { z } from 'zod';
import { bitFlag, type EndpointSchemas, pageOf } from './envelope.ts';
import { int, stockCounts } from './inventory.ts';
import {
  decidedImportView,
  failedRowsPage,
  importView,
  previousDiscount,
  previousDiscountBody,
  stepThreeBody,
  stepTwoBody,
} from './inventory-import.ts';
import { LIMITS } from './limits.ts';
import { configurationInput, flag01, productWithConfigurations } from './products.ts';
import { SCREENS } from './screens.ts';

/** Calling card pools (`/inventory/pool…`, the superadmin's): their calls, imported through the same steps as stock. */
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

export const poolStepThreeBody = stepThreeBody.extend({
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.inventoryPageSize),
  /** 1 lists the failed rows of the import instead of deciding it (the pool screens' review step). */
  failed_list: z.union([z.literal(0), z.literal(1)]).default(0),
});

/** One pool of `/view_update_pool/`. */
export const poolRow = stockCounts.extend({
  pool_id: int,
  product_id: int,
  pool_name: z.string(),
  pin_length: int,
  is_active: bitFlag,
  configuration_count: int,
  created_at: z.string(),
});
export type PoolRow = z.infer<typeof poolRow>;

export const poolView = productWithConfigurations.extend({ pool_id: int, pool_name: z.string() });
export type PoolView = z.infer<typeof poolView>;

/** The page of pools, and the pool the call named (after its change), if it named one. */
export const poolsPage = pageOf('pools', poolRow).extend({ pool: poolView.nullable() });

/** `/pool_upload_file_step_three/`: the decided import, or with failed_list 1 the import's failed rows. */
export const poolStepThreeResult = z.union([decidedImportView, failedRowsPage]);

/** Pools are the superadmin's (spec section 6), with the inventory flag like every stock screen: the pool screen's rule. */
export const poolsEndpoints = {
  '/view_update_pool/': { body: viewUpdatePoolBody, data: poolsPage, rule: SCREENS['/inventory/pool'] },
  '/add_pool/': { body: addPoolBody, data: poolView, rule: SCREENS['/inventory/pool'] },
  '/pool_upload_file_step_two/': {
    body: poolStepTwoBody,
    data: importView,
    rule: SCREENS['/inventory/pool'],
    status: 202,
  },
  '/get_previous_supplier_pool_discount/': {
    body: previousDiscountBody,
    data: previousDiscount,
    rule: SCREENS['/inventory/pool'],
  },
  '/pool_upload_file_step_three/': {
    body: poolStepThreeBody,
    data: poolStepThreeResult,
    rule: SCREENS['/inventory/pool'],
  },
} satisfies Record<string, EndpointSchemas>;
