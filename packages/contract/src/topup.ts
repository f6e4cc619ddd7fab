import { z } from 'zod';

/** `/api/dt_one/` configuration selectors: 1 looks a mobile number up, 2 lists the operator's products. */
export const DT_ONE_CONFIGURATIONS = ['1', '2'] as const;

export const dtOneBody = z.object({
  configuration: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.enum(DT_ONE_CONFIGURATIONS, { error: 'configuration is required' }),
  ),
  /** E.164 with the leading +, for configuration 1. */
  mobile_number: z
    .string()
    .regex(/^\+[1-9][0-9]{5,14}$/)
    .optional(),
  /** ISO 3166-1 alpha-3, for configuration 2. */
  country_iso_code: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  operator_id: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export type DtOneBody = z.infer<typeof dtOneBody>;

export const topupOperator = z.object({
  id: z.number().int(),
  name: z.string(),
  country_iso_code: z.string(),
  country_name: z.string(),
  identified: z.boolean(),
});

/** What the number receives; the seller's price comes from the discount chain, never the provider's cost. */
export const topupProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  operator_id: z.number().int(),
  operator_name: z.string(),
  destination_amount: z.string().nullable(),
  destination_unit: z.string().nullable(),
});

export const dtOneAnswer = z.object({
  operators: z.array(topupOperator),
  products: z.array(topupProduct),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});
export type DtOneAnswer = z.infer<typeof dtOneAnswer>;
