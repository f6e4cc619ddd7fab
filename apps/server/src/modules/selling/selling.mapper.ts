import { PIN_SALE_KIND } from '@portal/contract/reports';
import type { BulkPurchaseResult, SaleReceipt, SaleRow } from '@portal/contract/selling';
import type { ZTotals } from '@portal/contract/z-report';
import { Decimal } from 'decimal.js';
import type { Actor } from '../../platform/actor.ts';
import { moneyText } from '../../platform/money.ts';
import { masksPrices } from './selling.access.ts';
import type { SaleRecord, SellingRepository } from './selling.repository.ts';
import type { TotalsRow } from './shop.repository.ts';

const times = (v: string, n: number) => moneyText(new Decimal(v).times(n));

export function receiptOf(actor: Actor, s: SaleRecord): Omit<SaleReceipt, 'pins'> {
  const masked = masksPrices(actor, s.mask_seller_discount);
  return {
    sale_id: s.id,
    status: 'successful',
    kind: s.kind,
    product: {
      product_id: s.product_id,
      product_name: s.product_name,
      product_type: s.product_type,
      product_image: s.product_image,
      customer_care: s.customer_care,
      instructions: s.instructions,
    },
    configuration: { configuration_id: s.configuration_id, value: moneyText(s.face_value), info: s.info },
    quantity: s.quantity,
    total_value: times(s.face_value, s.quantity),
    unit_price: masked ? null : moneyText(s.seller_price),
    total_price: masked ? null : times(s.seller_price, s.quantity),
    sold_at: s.created_at.toISOString(),
    sold_by: s.username,
    shop: { name: s.shop_name, address: s.shop_address },
    vat: vatOf(s),
  };
}

/**
 * The VAT a single-purpose voucher's face value includes: value × rate / (100 + rate), half up to the cent; none
 * for a multi-purpose voucher (decision 0090: its VAT falls due only when it is redeemed, not at this sale).
 */
export function vatOf(
  s: Pick<SaleRecord, 'vat_treatment' | 'vat_rate' | 'face_value' | 'quantity'>,
): SaleReceipt['vat'] {
  if (s.vat_treatment !== 'spv') return null;
  const rate = new Decimal(s.vat_rate);
  const included = (gross: Decimal) =>
    gross.times(rate).dividedBy(rate.plus(100)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  const unit = new Decimal(s.face_value);
  return {
    rate: rate.toFixed(0),
    unit_amount: included(unit),
    total_amount: included(unit.times(s.quantity)),
  };
}

/** The purchase's answer: a single sale carries its PINs, a bulk sale the download that will hold them. */
export function purchaseAnswerOf(actor: Actor, s: SaleRecord, pins: SaleReceipt['pins']) {
  const data: SaleReceipt | BulkPurchaseResult =
    s.kind === 'bulk'
      ? { ...receiptOf(actor, s), download_id: s.download_id as string }
      : { ...receiptOf(actor, s), pins };
  return { message_type: 1 as const, message: 'Successful', data, account_status: 1 as const };
}

export type SalesPageRow = Awaited<ReturnType<SellingRepository['findSalesPage']>>['items'][number];

/** One sale as a row of the sales list, a purchase of its own (its details, whatever group it is in). */
export function pageRowOf(s: SaleRecord): SalesPageRow {
  return {
    id: s.id,
    created_at: s.created_at,
    kind: s.kind,
    sale_kind: PIN_SALE_KIND,
    refund: false,
    operator_name: null,
    mobile_number: null,
    product_id: s.product_id,
    product_name: s.product_name,
    product_type: s.product_type,
    configuration_id: s.configuration_id,
    face_value: s.face_value,
    seller_price: s.seller_price,
    quantity: s.quantity,
    total_value: times(s.face_value, s.quantity),
    total_price: times(s.seller_price, s.quantity),
    sale_ids: [s.id],
    user_id: s.user_id,
    username: s.username,
    download_id: s.download_id,
  };
}

export function saleRowOf(actor: Actor, masked: boolean, r: SalesPageRow): SaleRow {
  return {
    sale_id: r.id,
    created_at: new Date(r.created_at).toISOString(),
    kind: r.kind,
    sale_kind: r.sale_kind,
    refund: r.refund,
    operator_name: r.operator_name,
    mobile_number: r.mobile_number,
    product_id: r.product_id,
    product_name: r.product_name,
    product_type: r.product_type,
    configuration_id: r.configuration_id,
    value: moneyText(r.face_value),
    quantity: r.quantity,
    total_value: moneyText(r.total_value),
    unit_price: masked ? null : moneyText(r.seller_price),
    total_price: masked ? null : moneyText(r.total_price),
    sale_ids: r.sale_ids,
    user_id: r.user_id,
    sold_by: r.username,
    // The file is its buyer's only.
    download_id: r.user_id === actor.userId ? r.download_id : null,
  };
}

/** Sums a Z period's totals rows per product and per staff member; masked totals carry no prices. */
export function totalsOf(rows: TotalsRow[], masked: boolean): ZTotals {
  const products = new Map<string, ZTotals['products'][number]>();
  const staff = new Map<number, ZTotals['staff'][number]>();
  let value = new Decimal(0);
  let price = new Decimal(0);
  let count = 0;
  let quantity = 0;
  const add = (a: string | null, b: Decimal.Value) => moneyText(new Decimal(a ?? 0).plus(b));
  for (const r of rows) {
    value = value.plus(r.total_value);
    price = price.plus(r.total_price);
    count += r.sales_count;
    quantity += r.quantity;
    // Provider goods have no configuration (0): each of their products and values is a line of its own.
    const key = r.configuration_id === 0 ? `0:${r.product_name}:${r.value}` : String(r.configuration_id);
    const p = products.get(key) ?? {
      product_id: r.product_id,
      product_name: r.product_name,
      configuration_id: r.configuration_id,
      value: moneyText(r.value),
      sales_count: 0,
      quantity: 0,
      total_value: '0.00',
      total_price: masked ? null : '0.00',
    };
    p.sales_count += r.sales_count;
    p.quantity += r.quantity;
    p.total_value = add(p.total_value, r.total_value);
    if (!masked) p.total_price = add(p.total_price, r.total_price);
    products.set(key, p);
    const s = staff.get(r.user_id) ?? {
      user_id: r.user_id,
      username: r.username,
      name: r.name,
      sales_count: 0,
      quantity: 0,
      total_value: '0.00',
      total_price: masked ? null : '0.00',
    };
    s.sales_count += r.sales_count;
    s.quantity += r.quantity;
    s.total_value = add(s.total_value, r.total_value);
    if (!masked) s.total_price = add(s.total_price, r.total_price);
    staff.set(r.user_id, s);
  }
  return {
    sales_count: count,
    quantity,
    total_value: moneyText(value),
    total_price: masked ? null : moneyText(price),
    products: [...products.values()],
    staff: [...staff.values()],
  };
}
