import { z } from 'zod';
import { type EndpointSchemas, pageOf, pageQuery } from './envelope.ts';
import { RULES } from './rules.ts';
import { e164, TOPUP_STATUSES, topupSale, transactionKey } from './topup.ts';

/**
 * Direct recharge (spec sections 2 and 7, decision 0101): a domestic operator's fixed-value recharges, sold through
 * the generic recharge provider. Its sales are provider sales like international top-ups, so a recharge answers
 * the same sale shape.
 */

/** A recharge product as the shop sees it: what the number receives, the retail price and the shop's price. */
export const directRechargeProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  face_value: z.string(),
  currency: z.string(),
  /** F: the retail price in EUR the end customer pays. */
  retail_price: z.string(),
  /** S: what the shop pays; null for staff of a shop that masks its discount. */
  price: z.string().nullable(),
});
export type DirectRechargeProduct = z.infer<typeof directRechargeProduct>;

export const directRechargeOperator = z.object({
  id: z.number().int(),
  name: z.string(),
  products: z.array(directRechargeProduct),
});
export type DirectRechargeOperator = z.infer<typeof directRechargeOperator>;

/** `GET /api/get_direct_recharge_products_with_dr_and_cc/`: the operators and their products (empty: none offered). */
export const directRechargeCatalogue = z.object({ operators: z.array(directRechargeOperator) });
export type DirectRechargeCatalogue = z.infer<typeof directRechargeCatalogue>;

/** `/api/direct_recharge_with_mobile_with_dr_and_cc/`: one recharge under a transaction key (a retry sends it once). */
export const directRechargeBody = z.object({
  transaction_key: transactionKey,
  product_id: z.coerce.number({ error: 'product_id: required' }).int().positive(),
  mobile_number: e164,
});
export type DirectRechargeBody = z.infer<typeof directRechargeBody>;

/** `/api/check_direct_recharge_transaction/`: the recharge's status, asked of the provider while it is pending. */
export const checkDirectRechargeBody = z.object({ sale_id: z.coerce.number().int().positive() });
export type CheckDirectRechargeBody = z.infer<typeof checkDirectRechargeBody>;

export const directRechargeHistoryQuery = pageQuery.extend({ status: z.enum(TOPUP_STATUSES).optional() });
export type DirectRechargeHistoryQuery = z.infer<typeof directRechargeHistoryQuery>;

export const directRechargeEndpoints = {
  '/get_direct_recharge_products_with_dr_and_cc/': {
    method: 'GET',
    data: directRechargeCatalogue,
    rule: RULES.directRecharge,
  },
  '/direct_recharge_with_mobile_with_dr_and_cc/': {
    body: directRechargeBody,
    data: topupSale,
    rule: RULES.directRecharge,
    refusals: true,
  },
  '/check_direct_recharge_transaction/': { body: checkDirectRechargeBody, data: topupSale, rule: RULES.directRecharge },
  '/get_direct_recharge_history/': {
    body: directRechargeHistoryQuery,
    data: pageOf('recharges', topupSale),
    rule: RULES.directRecharge,
  },
} satisfies Record<string, EndpointSchemas>;
