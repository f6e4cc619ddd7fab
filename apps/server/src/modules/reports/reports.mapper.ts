import { changeOf } from '@portal/contract/report-periods';
import {
  type ComparisonFigures,
  type FigureParty,
  type SalesComparisonRow,
  type SalesCounters,
  type SalesExport,
  type SalesReportRow,
  type SalesSummaryRow,
  salesExport,
} from '@portal/contract/reports';
import { Decimal } from 'decimal.js';
import type { reportExports } from '../../db/schema/reports.ts';
import { moneyText } from '../../platform/money.ts';
import type { ComparisonRecord, SaleReportRecord, TotalsRecord } from './reports.repository.ts';

/** Buying amount and margin as the caller may see them: null when masked or unknown. */
function buyingAndMargin(selling: string, buying: string | null, masked: boolean) {
  if (masked || buying === null) return { buying_amount: null, margin: null };
  return { buying_amount: moneyText(buying), margin: moneyText(new Decimal(selling).minus(buying)) };
}

export function reportRowOf(r: SaleReportRecord, masked: boolean): SalesReportRow {
  return {
    id: r.id,
    created_at: r.created_at.toISOString(),
    shop_id: r.shop_id,
    shop_name: r.shop_name,
    reseller_id: r.reseller_id,
    reseller_name: r.reseller_name,
    staff_id: r.staff_id,
    staff_name: r.staff_name,
    product_id: r.product_id,
    product_name: r.product_name,
    product_type: r.product_type,
    denomination_id: r.denomination_id,
    denomination_value: moneyText(r.denomination_value),
    kind: r.kind,
    sale_kind: r.sale_kind,
    refund: r.refund,
    operator_name: r.operator_name,
    mobile_number: r.mobile_number,
    quantity: r.quantity,
    pins: r.pins,
    face_value: moneyText(r.face_value),
    selling_amount: moneyText(r.selling_amount),
    ...buyingAndMargin(r.selling_amount, r.buying_amount, masked),
  };
}

function totalsOf(t: TotalsRecord, masked: boolean) {
  return {
    sales: t.sales,
    pins: t.pins,
    topups: t.topups,
    tickets: t.tickets,
    face_value: moneyText(t.face_value),
    selling_amount: moneyText(t.selling_amount),
    ...buyingAndMargin(t.selling_amount, t.buying_amount, masked),
  };
}

/** The counters of one currency (every sale is in euro today), with whose revenue and cost they are (decision 0063). */
export const countersOf = (t: TotalsRecord, masked: boolean, party: FigureParty): SalesCounters => ({
  currency: 'EUR',
  party,
  ...totalsOf(t, masked),
});

export const summaryRowOf = (r: TotalsRecord & { key: string; name: string }, masked: boolean): SalesSummaryRow => ({
  key: r.key,
  name: r.name,
  ...totalsOf(r, masked),
});

/**
 * A comparison row: both periods' figures as a summary row shows them (masked alike), the change of the caller's
 * revenue and its percentage, both in decimal; a row without sales in the compared period is `new` and has no
 * percentage (decision 0063 "Comparison").
 */
export function comparisonRowOf(r: ComparisonRecord, masked: boolean): SalesComparisonRow {
  const side = (p: 'c' | 'e'): ComparisonFigures =>
    totalsOf(
      {
        sales: r[`${p}_sales`],
        pins: r[`${p}_pins`],
        topups: r[`${p}_topups`],
        tickets: r[`${p}_tickets`],
        face_value: r[`${p}_face_value`],
        selling_amount: r[`${p}_selling_amount`],
        buying_amount: r[`${p}_buying_amount`],
      },
      masked,
    );
  const current = side('c');
  const earlier = side('e');
  const status = !r.in_earlier ? 'new' : !r.in_current ? 'gone' : 'both';
  const { absolute, percent } = changeOf(earlier.selling_amount, current.selling_amount);
  return {
    key: r.key,
    name: r.name,
    status,
    current,
    earlier,
    change: absolute,
    change_percent: status === 'new' ? null : percent,
  };
}

export function exportOf(e: typeof reportExports.$inferSelect): SalesExport {
  return {
    export_id: e.id,
    format: salesExport.shape.format.parse(e.format),
    status: salesExport.shape.status.parse(e.status),
    rows_done: e.rowsDone,
    rows_total: e.rowsTotal,
    download_url: e.status === 'ready' ? `/api/report_exports/${e.id}/file/` : null,
    expires_at: e.expiresAt.toISOString(),
  };
}
