import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { pageQuery } from './envelope.ts';

/**
 * A money amount as sent: a decimal string or a number (form data arrives coerced to a number). At
 * most 4 decimals, like the NUMERIC(19,4) columns; kept as a decimal string from here on.
 */
const AMOUNT = /^\d{1,15}(\.\d{1,4})?$/;

export const moneyAmount = z
  .union([z.string(), z.number()], { error: 'amount: must be filled' })
  .transform((v) => String(v).trim())
  .refine((v) => AMOUNT.test(v), { message: 'must be a number with at most 4 decimals', abort: true });

export const positiveAmount = moneyAmount.refine((v) => AMOUNT.test(v) && new Decimal(v).gt(0), {
  message: 'must be greater than 0',
});

/** Free text that form data may have coerced to a number ("12345" as a reference). */
export const freeText = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max));

const customerId = z.number({ error: 'customer_id: required' }).int().positive();

/** `/customer/credit/add`: a credit top-up (the party above advances money) or a received payment. */
export const addCreditBody = z.object({
  customer_id: customerId,
  type: z.enum(['credit', 'payment']).default('credit'),
  amount: positiveAmount,
  method: z.enum(['cash', 'transfer']).optional(),
  reference: freeText(120).optional(),
  remarks: freeText(500).optional(),
});
export type AddCreditBody = z.infer<typeof addCreditBody>;

export const multiTopupBody = z.object({
  type: z.enum(['credit', 'payment']).default('credit'),
  method: z.enum(['cash', 'transfer']).optional(),
  remarks: freeText(500).optional(),
  customers: z
    .array(z.object({ customer_id: customerId, amount: positiveAmount }))
    .min(1)
    .max(200),
});
export type MultiTopupBody = z.infer<typeof multiTopupBody>;

export const updateAutoCreditBody = z
  .object({
    customer_id: customerId,
    auto_credit: z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === 1 || v === true),
    balance_trigger: moneyAmount.optional(),
    balance_topup: moneyAmount.optional(),
  })
  .refine((b) => !b.auto_credit || (b.balance_trigger !== undefined && b.balance_topup !== undefined), {
    path: ['balance_topup'],
    message: 'balance_topup: balance trigger and balance top-up are required to enable auto credit',
  })
  .refine((b) => !b.auto_credit || new Decimal(b.balance_topup ?? '0').gt(0), {
    path: ['balance_topup'],
    message: 'balance_topup: must be greater than 0',
  });
export type UpdateAutoCreditBody = z.infer<typeof updateAutoCreditBody>;

const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** Filters shared by the money lists: one customer, a date range (Berlin days), the entry kinds. */
export const moneyFilters = z.object({
  customer_id: z.number().int().positive().optional(),
  from: dateOnly.optional(),
  to: dateOnly.optional(),
  kind: z.enum(['credit_topup', 'payment', 'auto_credit', 'sale', 'refund', 'credit_note', 'adjustment']).optional(),
});

export const moneyListBody = pageQuery.extend({ filters: moneyFilters.optional() }).extend(moneyFilters.shape);
export type MoneyListBody = z.infer<typeof moneyListBody>;

export const customerLedgerBody = moneyListBody.extend({ customer_id: customerId });

export const searchCustomerBody = z.object({
  search_text: z.string().max(100).default(''),
  limit: z.number().int().min(1).max(50).default(10),
});

export const viewAutoCreditBody = z.object({ customer_id: customerId });

export const autoCreditLedgerBody = pageQuery.extend({ customer_id: z.number().int().positive().optional() });

/** One movement as the money lists show it. */
export interface LedgerRow {
  entry_id: number;
  line_id: number;
  created_at: string;
  kind: string;
  customer_id: number;
  customer_name: string;
  account: string;
  amount: string;
  balance_after: string | null;
  method: string | null;
  reference: string | null;
  memo: string;
  created_by: string | null;
}

export interface CreditLogRow {
  entry_id: number;
  created_at: string;
  kind: 'credit_topup' | 'payment' | 'auto_credit';
  customer_id: number;
  customer_name: string;
  amount: string;
  settled_credit: string;
  method: string | null;
  reference: string | null;
  memo: string;
  created_by: string | null;
}

export interface WalletResult {
  customer_id: number;
  entry_id: number;
  balance: string;
  outstanding_credit: string;
  credit_limit: string;
}

export const MONEY_KINDS = moneyFilters.shape.kind.unwrap().options;
export type MoneyKind = (typeof MONEY_KINDS)[number];

/** `/api/search_customer/`. */
export interface CustomerSearchRow {
  customer_id: number;
  name: string;
  account_role: number;
  is_active: 0 | 1;
  balance: string;
  outstanding_credit: string;
}

/** `/api/process_top_up_with_multi_customers/`: each customer is its own transaction. */
export interface MultiTopupResult {
  results: (
    | ({ status: 'success' } & WalletResult)
    | { status: 'failed'; customer_id: number; code: string; message: string }
  )[];
  succeeded: number;
  failed: number;
}

export interface AutoCreditSettings {
  customer_id: number;
  auto_credit: 0 | 1;
  balance_trigger: string | null;
  balance_topup: string | null;
}

/** One row of `/api/view_auto_credit_ledger/`: a crossing of the balance trigger and what the job did. */
export interface AutoCreditRow {
  id: number;
  customer_id: number;
  customer_name: string;
  created_at: string;
  balance_before: string;
  balance_trigger: string;
  requested: string;
  granted: string | null;
  status: 'pending' | 'done' | 'skipped';
  reason: string | null;
  entry_id: number | null;
  settled_at: string | null;
}

/** The sum of decimal amounts as a decimal string (for totals shown before sending), never through a float. */
export function sumAmounts(amounts: readonly string[]): string {
  return amounts.reduce((sum, a) => sum.plus(a), new Decimal(0)).toFixed();
}
