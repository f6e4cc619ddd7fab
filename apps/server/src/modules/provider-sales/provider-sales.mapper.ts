import {
  type HoldReason,
  KIND_OF_PROVIDER,
  type PendingTopup,
  RECHARGE_KINDS,
  type RechargeSummary,
  type RechargeSummaryRow,
  type TopupSale,
  type TopupStatus,
} from '@portal/contract/topup';
import { Decimal } from 'decimal.js';
import type { ProviderSalesRepository, ProviderSaleWithUser } from './provider-sales.repository.ts';

type SummaryRow = Awaited<ReturnType<ProviderSalesRepository['summarise']>>[number];
type PlatformSaleRow = NonNullable<Awaited<ReturnType<ProviderSalesRepository['findPlatformSale']>>>;

export function toTopupSale(s: ProviderSaleWithUser, maskPrices: boolean): TopupSale {
  return {
    sale_id: s.id,
    created_at: s.createdAt.toISOString(),
    status: s.status,
    provider_status: s.providerStatus,
    product_id: s.productId,
    product_name: s.productName,
    operator_name: s.operatorName,
    country_iso_code: s.countryIsoCode,
    mobile_number: s.mobileNumber,
    face_value: trimDecimal(s.faceValue),
    face_currency: s.faceCurrency,
    retail_price: new Decimal(s.retailPrice).toFixed(2),
    seller_price: maskPrices ? null : new Decimal(s.sellerPrice).toFixed(2),
    user_id: s.soldBy,
    username: s.username,
    operator_reference: s.operatorReference,
    final_at: s.finalAt?.toISOString() ?? null,
    offer_state: s.offerState,
    offer_expires_at: s.offerState === 'offered' ? (s.offerExpiresAt?.toISOString() ?? null) : null,
  };
}

/** Local amounts keep up to 4 decimals (DOMAIN.md), without trailing zeros. */
const trimDecimal = (v: string) => new Decimal(v).toFixed();

export function pendingTopupOf(s: PlatformSaleRow): PendingTopup {
  return {
    ...toTopupSale(s, false),
    customer_id: s.customerId,
    customer_name: s.customerName,
    provider: s.provider,
    updated_at: s.updatedAt.toISOString(),
    hold_reason: (s.holdReason as HoldReason | null) ?? null,
  };
}

/**
 * The summary's rows and its totals per status and over all. Amounts are summed as decimals; the shop's price
 * is left out (null) for staff of a shop that masks its discount.
 */
export function rechargeSummaryOf(rows: SummaryRow[], maskPrices: boolean): RechargeSummary {
  const totals: Partial<Record<TopupStatus | 'all', { count: number; retail: Decimal; seller: Decimal }>> = {};
  const add = (key: TopupStatus | 'all', r: SummaryRow) => {
    const t = totals[key] ?? { count: 0, retail: new Decimal(0), seller: new Decimal(0) };
    totals[key] = {
      count: t.count + r.count,
      retail: t.retail.plus(r.retailTotal),
      seller: t.seller.plus(r.sellerTotal),
    };
  };
  // Only recharges, top-ups and tickets: other provider goods (soft pins, decision 0104) are not summed here.
  const recharges = rows.flatMap((r) => {
    const kind = RECHARGE_KINDS.find((k) => k === KIND_OF_PROVIDER[r.provider]);
    return kind ? [{ ...r, kind }] : [];
  });
  const out: RechargeSummaryRow[] = recharges.map((r) => {
    add(r.status, r);
    add('all', r);
    return {
      day: r.day,
      kind: r.kind,
      operator_name: r.operatorName,
      status: r.status,
      count: r.count,
      retail_total: new Decimal(r.retailTotal).toFixed(2),
      seller_total: maskPrices ? null : new Decimal(r.sellerTotal).toFixed(2),
    };
  });
  return {
    rows: out,
    totals: Object.fromEntries(
      Object.entries(totals).map(([k, t]) => [
        k,
        { count: t.count, retail_total: t.retail.toFixed(2), seller_total: maskPrices ? null : t.seller.toFixed(2) },
      ]),
    ),
  };
}
