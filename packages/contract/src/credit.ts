import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { LOW_BALANCE_NOTICES } from './alerts.ts';
import { calendarDay } from './calendar-day.ts';
import { type EndpointSchemas, type FileSchemas, pageOf, pageQuery } from './envelope.ts';
import { EXPORT_FILE_TYPES } from './reports.ts';
import { RULES } from './rules.ts';
import { PROVIDER_SALE_KINDS } from './topup.ts';

/**
 * A money amount as sent: a decimal string or a number (form data arrives coerced to a number). At
 * most 4 decimals, like the NUMERIC(19,4) columns; kept as a decimal string from here on.
 */
const AMOUNT = /^\d{1,15}(\.\d{1,4})?$/;

export const moneyAmount = z
  .union([z.string(), z.number()], { error: 'amount: must be filled' })
  .transform((v) => String(v).trim())
  .refine((v) => v !== '', { message: 'must be filled', abort: true, params: { rule: 'amount_required' } })
  .refine((v) => AMOUNT.test(v), {
    message: 'must be a number with at most 4 decimals',
    abort: true,
    params: { rule: 'amount_format' },
  });

export const positiveAmount = moneyAmount.refine((v) => AMOUNT.test(v) && new Decimal(v).gt(0), {
  message: 'must be greater than 0',
  params: { rule: 'amount_positive' },
});

/** Free text that form data may have coerced to a number ("12345" as a reference). */
export const freeText = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max));

const customerId = z
  .number({ error: 'customer_id: required' })
  .int()
  .refine((v) => v > 0, { message: 'customer_id: required', params: { rule: 'customer_required' } });

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
    low_balance_notice: z.enum(LOW_BALANCE_NOTICES).optional(),
  })
  .refine((b) => !b.auto_credit || b.balance_trigger !== undefined, {
    path: ['balance_trigger'],
    message: 'balance_trigger: balance trigger and balance top-up are required to enable auto credit',
    params: { rule: 'amount_required' },
  })
  .refine((b) => !b.auto_credit || b.balance_topup !== undefined, {
    path: ['balance_topup'],
    message: 'balance_topup: balance trigger and balance top-up are required to enable auto credit',
    params: { rule: 'amount_required' },
  })
  .refine((b) => !b.auto_credit || b.balance_topup === undefined || new Decimal(b.balance_topup).gt(0), {
    path: ['balance_topup'],
    message: 'balance_topup: must be greater than 0',
    params: { rule: 'amount_positive' },
  });
export type UpdateAutoCreditBody = z.infer<typeof updateAutoCreditBody>;

/** Filters shared by the money lists: one customer, a date range (Berlin days), the entry kinds. */
export const moneyFilters = z.object({
  customer_id: z.number().int().positive().optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  kind: z
    .enum([
      'credit_topup',
      'payment',
      'auto_credit',
      'sale',
      'refund',
      'credit_note',
      'adjustment',
      'hardware_order',
      // Provider sales (decision 0080).
      'provider_reservation',
      'provider_success',
      'provider_release',
      'provider_refund',
      // PINs approved into stock (decision 0136).
      'stock_import',
    ])
    .optional(),
});

export const moneyListBody = pageQuery.extend({ filters: moneyFilters.optional() }).extend(moneyFilters.shape);
export type MoneyListBody = z.infer<typeof moneyListBody>;

export const customerLedgerBody = moneyListBody.extend({ customer_id: customerId });

/** The file formats every ledger screen offers (CSV in the reader's dialect, XLSX). */
export const LEDGER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
const exportFormat = { format: z.enum(LEDGER_EXPORT_FORMATS).default('csv') };
/**
 * A ledger screen's export: its list's filters and a format (`/process_wallet_history/`, `/export_ledger/`,
 * `/export_credit_logs/`).
 */
export const ledgerExportBody = moneyListBody.extend(exportFormat);
/** `/export_customer_ledger/`: a customer ledger's filters and a format. */
export const customerLedgerExportBody = customerLedgerBody.extend(exportFormat);

export const searchCustomerBody = z.object({
  search_text: z.string().max(100).default(''),
  limit: z.number().int().min(1).max(50).default(10),
});

export const viewAutoCreditBody = z.object({ customer_id: customerId });

export const autoCreditLedgerBody = pageQuery.extend({ customer_id: z.number().int().positive().optional() });

/** One movement as the money lists show it. */
export const ledgerRow = z.object({
  entry_id: z.number(),
  line_id: z.number(),
  created_at: z.string(),
  kind: z.string(),
  customer_id: z.number(),
  customer_name: z.string(),
  account: z.string(),
  amount: z.string(),
  balance_after: z.string().nullable(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  memo: z.string(),
  created_by: z.string().nullable(),
  /** A sale entry's sale: what was sold, in how many PINs. */
  sale: z.object({ id: z.number(), product: z.string(), face_value: z.string(), quantity: z.number() }).nullable(),
  /** A provider sale's entry (sent, completed, released, refunded): which sale, of which kind (decision 0123). */
  provider_sale: z.object({ id: z.number(), kind: z.enum(PROVIDER_SALE_KINDS) }).nullable(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;
export type LedgerSale = NonNullable<LedgerRow['sale']>;

export const creditLogRow = z.object({
  entry_id: z.number(),
  created_at: z.string(),
  kind: z.enum(['credit_topup', 'payment', 'auto_credit']),
  customer_id: z.number(),
  customer_name: z.string(),
  amount: z.string(),
  settled_credit: z.string(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  memo: z.string(),
  created_by: z.string().nullable(),
});
export type CreditLogRow = z.infer<typeof creditLogRow>;

export const walletResult = z.object({
  customer_id: z.number(),
  entry_id: z.number(),
  balance: z.string(),
  outstanding_credit: z.string(),
  credit_limit: z.string(),
});
export type WalletResult = z.infer<typeof walletResult>;

/** `/api/dynamic_balance/`: the caller's own wallet, refreshed by the header. */
export const dynamicBalance = z.object({
  balance: z.string(),
  outstanding_credit: z.string(),
  credit_limit: z.string(),
  currency: z.literal('EUR'),
});
export type DynamicBalance = z.infer<typeof dynamicBalance>;

export const MONEY_KINDS = moneyFilters.shape.kind.unwrap().options;
export type MoneyKind = (typeof MONEY_KINDS)[number];

/** `/api/search_customer/`. */
export const customerSearchRow = z.object({
  customer_id: z.number(),
  name: z.string(),
  account_role: z.number(),
  is_active: z.union([z.literal(0), z.literal(1)]),
  balance: z.string(),
  outstanding_credit: z.string(),
});
export type CustomerSearchRow = z.infer<typeof customerSearchRow>;
export const customerSearchResult = z.object({ customers: z.array(customerSearchRow) });

/** `/api/process_top_up_with_multi_customers/`: each customer is its own transaction. */
export const multiTopupResult = z.object({
  results: z.array(
    z.discriminatedUnion('status', [
      walletResult.extend({ status: z.literal('success') }),
      z.object({ status: z.literal('failed'), customer_id: z.number(), code: z.string(), message: z.string() }),
    ]),
  ),
  succeeded: z.number(),
  failed: z.number(),
});
export type MultiTopupResult = z.infer<typeof multiTopupResult>;

export const autoCreditSettings = z.object({
  customer_id: z.number(),
  auto_credit: z.union([z.literal(0), z.literal(1)]),
  balance_trigger: z.string().nullable(),
  balance_topup: z.string().nullable(),
  low_balance_notice: z.enum(LOW_BALANCE_NOTICES),
});
export type AutoCreditSettings = z.infer<typeof autoCreditSettings>;

/** One row of `/api/view_auto_credit_ledger/`: a crossing of the balance trigger and what the job did. */
export const autoCreditRow = z.object({
  id: z.number(),
  customer_id: z.number(),
  customer_name: z.string(),
  created_at: z.string(),
  balance_before: z.string(),
  balance_trigger: z.string(),
  requested: z.string(),
  granted: z.string().nullable(),
  status: z.enum(['pending', 'done', 'skipped']),
  reason: z.string().nullable(),
  entry_id: z.number().nullable(),
  settled_at: z.string().nullable(),
});
export type AutoCreditRow = z.infer<typeof autoCreditRow>;

export const creditEndpoints = {
  '/dynamic_balance/': { method: 'GET', data: dynamicBalance, rule: RULES.all },
  '/add_customer_credit/': { body: addCreditBody, data: walletResult, rule: RULES.credit },
  '/process_top_up_with_multi_customers/': { body: multiTopupBody, data: multiTopupResult, rule: RULES.credit },
  '/update_auto_credit/': { body: updateAutoCreditBody, data: autoCreditSettings, rule: RULES.credit },
  '/view_auto_credit/': { body: viewAutoCreditBody, data: autoCreditSettings, rule: RULES.credit },
  '/view_auto_credit_ledger/': {
    body: autoCreditLedgerBody.optional(),
    data: pageOf('auto_credit_ledger', autoCreditRow),
    rule: RULES.credit,
  },
  '/view_credit_logs/': {
    body: moneyListBody.optional(),
    data: pageOf('credit_logs', creditLogRow),
    rule: RULES.credit,
  },
  '/view_wallet_history/': {
    body: moneyListBody.optional(),
    data: pageOf('wallet_history_transactions', ledgerRow),
    rule: RULES.balances,
  },
  '/view_ledger/': { body: moneyListBody.optional(), data: pageOf('ledger', ledgerRow), rule: RULES.ownLedger },
  '/view_customer_ledger/': {
    body: customerLedgerBody,
    data: pageOf('customer_ledger', ledgerRow),
    rule: RULES.balances,
  },
  '/search_customer/': { body: searchCustomerBody.optional(), data: customerSearchResult, rule: RULES.balances },
} satisfies Record<string, EndpointSchemas>;

/** The sum of decimal amounts as a decimal string (for totals shown before sending), never through a float. */
export function sumAmounts(amounts: readonly string[]): string {
  return amounts.reduce((sum, a) => sum.plus(a), new Decimal(0)).toFixed();
}

/** Every ledger screen's export: the list's own rule, its filters, a CSV or an XLSX in the caller's language. */
export const creditFiles = {
  '/export_credit_logs/': { body: ledgerExportBody.optional(), file: EXPORT_FILE_TYPES, rule: RULES.credit },
  '/process_wallet_history/': { body: ledgerExportBody.optional(), file: EXPORT_FILE_TYPES, rule: RULES.balances },
  '/export_ledger/': { body: ledgerExportBody.optional(), file: EXPORT_FILE_TYPES, rule: RULES.ownLedger },
  '/export_customer_ledger/': { body: customerLedgerExportBody, file: EXPORT_FILE_TYPES, rule: RULES.balances },
} satisfies Record<string, FileSchemas>;
