import { Decimal } from 'decimal.js';

/** A `numeric(19,4)` value as the API shows euro amounts: two decimals, never a float on the way. */
export const moneyText = (v: string | Decimal) => new Decimal(v).toFixed(2);

/** The same, for a nullable column. */
export const moneyTextOrNull = (v: string | null) => (v === null ? null : moneyText(v));
