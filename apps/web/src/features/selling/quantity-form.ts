import { LIMITS } from '@portal/contract/limits';
import { bulkPurchaseBody } from '@portal/contract/selling';
import type { TFunction } from 'i18next';
import { zodValidate } from '../../lib/zod-form.ts';

/** The purchase dialog's form: the number field's value, '' while it is empty. */
export interface QuantityValues {
  quantity: number | string;
}

/** The most one purchase of a denomination can ask for: the portal's maximum, or what is left in stock. */
export function maxQuantity(available: number): number {
  return Math.max(1, Math.min(LIMITS.maxPurchaseQuantity, available));
}

/**
 * The quantity's check: the bulk purchase's contract rule (a whole number from 1 to the maximum; every purchase runs
 * within it, split or not), capped by the stock, with one text that names the range whatever was wrong.
 */
export function quantityCheck(t: TFunction, max: number) {
  const schema = bulkPurchaseBody
    .pick({ quantity: true })
    .extend({ quantity: bulkPurchaseBody.shape.quantity.max(max) });
  return zodValidate<QuantityValues>(schema, t, {
    messages: { quantity: 'selling.buy.quantityRange' },
    params: { max },
  });
}
