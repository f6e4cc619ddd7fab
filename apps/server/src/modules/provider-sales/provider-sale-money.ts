import { priceAfterDiscount } from '@portal/contract/pricing';
import { Decimal } from 'decimal.js';
import type { Tx } from '../../db/connect.ts';
import type { LedgerLineInput } from '../credit/ledger.service.ts';
import type { DiscountsOf, ShopChain } from './provider-sale-flow.ts';

/** The discounts off a provider's retail price (decisions 0080, 0107), in percent. */
export interface TopupDiscounts {
  reseller: string;
  seller: string;
}

/**
 * The price chain of a top-up from its retail price F in EUR: the shop pays S, its reseller R (platform
 * goods), nothing for a shop directly under the platform, which is its own reseller's shop.
 */
export function topupPrices(retail: Decimal.Value, d: TopupDiscounts, underPlatform: boolean) {
  return {
    sellerPrice: priceAfterDiscount(retail, d.seller),
    resellerPrice: underPlatform ? null : priceAfterDiscount(retail, d.reseller),
  };
}

/** A shop's prices from a retail price, with its assigned discounts for one provider. */
export type Pricer = (retail: Decimal.Value) => ReturnType<typeof topupPrices>;

/** Reads the shop's discounts once (decision 0107), for pricing one sale or a whole catalogue. */
export async function shopPricer(discountsOf: DiscountsOf, chain: ShopChain | undefined, tx?: Tx): Promise<Pricer> {
  const d = await discountsOf(chain, tx);
  const underPlatform = chain ? chain.resellerId === chain.platformId : true;
  return (retail) => topupPrices(retail, d, underPlatform);
}

export interface SaleMoney {
  customerId: number;
  resellerId: number;
  platformId: number;
  sellerPrice: Decimal.Value;
  resellerPrice: Decimal.Value | null;
  providerCost: Decimal.Value;
}

/** Sending: the shop's balance −S and its reseller's balance −R, held by the platform's provider_pending. */
export function reservationLines(s: SaleMoney): LedgerLineInput[] {
  const S = new Decimal(s.sellerPrice);
  const R = s.resellerPrice === null ? null : new Decimal(s.resellerPrice);
  return [
    { customerId: s.customerId, account: 'balance', amount: S.negated() },
    ...(R ? [{ customerId: s.resellerId, account: 'balance' as const, amount: R.negated() }] : []),
    { customerId: s.platformId, account: 'provider_pending', amount: R ? S.plus(R) : S },
  ];
}

/**
 * Final success: provider_pending to the reseller's sales income +S and the platform's revenue +R; the
 * provider's euro cost from the platform's supplier payables to its cost of sales.
 */
export function successLines(s: SaleMoney): LedgerLineInput[] {
  const S = new Decimal(s.sellerPrice);
  const R = s.resellerPrice === null ? null : new Decimal(s.resellerPrice);
  const C = new Decimal(s.providerCost);
  return [
    { customerId: s.platformId, account: 'provider_pending', amount: (R ? S.plus(R) : S).negated() },
    { customerId: s.resellerId, account: 'sales_income', amount: S },
    ...(R ? [{ customerId: s.platformId, account: 'revenue' as const, amount: R }] : []),
    ...(C.isZero()
      ? []
      : [
          { customerId: s.platformId, account: 'cost_of_sales' as const, amount: C },
          { customerId: s.platformId, account: 'supplier_payables' as const, amount: C.negated() },
        ]),
  ];
}

/** Failure, decline or cancel: the exact opposite of the reservation. */
export function releaseLines(s: SaleMoney): LedgerLineInput[] {
  return reservationLines(s).map(opposite);
}

/** A reversal after success: the money back to the shop and the reseller, the income and the cost undone. */
export function refundLines(s: SaleMoney): LedgerLineInput[] {
  const S = new Decimal(s.sellerPrice);
  const R = s.resellerPrice === null ? null : new Decimal(s.resellerPrice);
  const C = new Decimal(s.providerCost);
  return [
    { customerId: s.customerId, account: 'balance', amount: S },
    ...(R ? [{ customerId: s.resellerId, account: 'balance' as const, amount: R }] : []),
    { customerId: s.resellerId, account: 'sales_income', amount: S.negated() },
    ...(R ? [{ customerId: s.platformId, account: 'revenue' as const, amount: R.negated() }] : []),
    ...(C.isZero()
      ? []
      : [
          { customerId: s.platformId, account: 'cost_of_sales' as const, amount: C.negated() },
          { customerId: s.platformId, account: 'supplier_payables' as const, amount: C },
        ]),
  ];
}

function opposite(l: LedgerLineInput): LedgerLineInput {
  return { ...l, amount: new Decimal(l.amount).negated() };
}
