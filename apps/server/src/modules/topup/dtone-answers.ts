import type { TopupStatus, topupOperator } from '@portal/contract/topup';
import { Decimal } from 'decimal.js';
import type { z } from 'zod';
import type { DtOneOperator, DtOneProduct, DtOneStatus } from '../../providers/dtone/client.ts';

/** DT One's status classes as the spec's results. */
export const DT_ONE_STATUS_OF: Record<DtOneStatus, TopupStatus> = {
  CREATED: 'pending',
  CONFIRMED: 'pending',
  SUBMITTED: 'pending',
  COMPLETED: 'successful',
  REJECTED: 'failed',
  CANCELLED: 'failed',
  DECLINED: 'failed',
  REVERSED: 'refunded',
};

/**
 * F (DT One's retail price), DT One's euro cost and what the number receives; null for a product that
 * DT One does not price in euro, which the portal cannot sell.
 */
export function productPricing(p: DtOneProduct) {
  const retail = p.prices?.retail;
  const wholesale = p.prices?.wholesale;
  if (retail?.unit !== 'EUR' || retail.amount === null || wholesale?.unit !== 'EUR') {
    return null;
  }
  const f = new Decimal(retail.amount);
  if (!f.isFinite() || f.lte(0)) return null;
  return {
    retail: f.toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
    cost: new Decimal(wholesale.amount).plus(wholesale.fee || 0).toDecimalPlaces(4),
    faceValue: new Decimal(p.destination?.amount ?? retail.amount).toDecimalPlaces(4).toFixed(4),
    faceCurrency: p.destination?.unit ?? 'EUR',
  };
}

/** An operator DT One named for a number, as the top-up screen lists it. */
export function toTopupOperator(o: DtOneOperator): z.infer<typeof topupOperator> {
  return {
    id: o.id,
    name: o.name,
    country_iso_code: o.country.iso_code,
    country_name: o.country.name,
    identified: o.identified,
  };
}
