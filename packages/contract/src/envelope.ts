import { z } from 'zod';

/** The answer every call gives (ARCHITECTURE.md "API conventions"). */
export interface Envelope<T = unknown> {
  message_type: 0 | 1;
  message: string;
  data?: T;
  account_status?: 0 | 1;
  code?: ErrorCode;
  errors?: FieldError[];
  retry_after?: number;
}

export interface FieldError {
  field: string;
  rule: string;
  message: string;
}

/** Machine-readable error codes and the HTTP status each one answers with. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  account_inactive: 403,
  not_found: 404,
  validation_failed: 422,
  key_reused: 422,
  key_invalid: 422,
  conflict: 409,
  in_progress: 409,
  out_of_stock: 409,
  insufficient_balance: 409,
  credit_limit_exceeded: 409,
  already_sold: 409,
  // Purchase refusals a seller understands (issue 5).
  reseller_insufficient_balance: 409,
  product_deactivated: 409,
  configuration_deactivated: 409,
  assignment_missing: 409,
  assignment_disabled: 409,
  nothing_to_close: 409,
  throttled: 429,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const pageFilters = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  total_count: z.number().int().min(0),
  total_pages: z.number().int().min(0),
});
export type PageFilters = z.infer<typeof pageFilters>;

/** Page request fields shared by every list call. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
