import { isCalendarDay } from '@portal/contract/calendar-day';
import { LIMITS } from '@portal/contract/limits';
import {
  SALES_REPORT_FILTER_KEYS,
  type SalesComparisonBody,
  type SalesReportCounters,
  type SalesReportFilters,
  type SalesReportListBody,
  type SalesSummaryBody,
  type SalesSummaryDetailsBody,
} from '@portal/contract/reports';
import { ROLE } from '@portal/contract/roles';
import type { Actor } from '../../platform/actor.ts';
import { validationError } from '../../platform/errors.ts';
import { comparisonRowOf, countersOf, reportRowOf, summaryRowOf } from './reports.mapper.ts';
import type { ReportsRepository } from './reports.repository.ts';
import type { PriceLevel, SalesQuery } from './sales.queries.ts';

/** Who sees what in a report: the sales in scope, whose prices, and whether prices are hidden. */
export interface ReportView {
  query(filters: SalesReportFilters): SalesQuery;
  masked: boolean;
  /** Whose revenue, cost and margin the figures are: the caller's own party (decision 0063). */
  party: PriceLevel;
}

/** What decides a report view; an export keeps it to build the file later exactly as asked. */
export type ReportActor = Pick<Actor, 'customerId' | 'userId' | 'account_role' | 'internal_role' | 'customerRole'>;
export type ViewOf = (actor: ReportActor) => Promise<ReportView>;

const levelOf = (actor: ReportActor): PriceLevel =>
  actor.account_role === ROLE.superadmin ? 'platform' : actor.account_role === ROLE.reseller ? 'reseller' : 'shop';

/**
 * The caller's report view: a shop's staff under mask_seller_discount see face values only (no buying
 * amount, price or margin), in lists, counters, summaries and exports alike.
 */
export function createViewOf(repo: Pick<ReportsRepository, 'findShopMask'>): ViewOf {
  return async (actor) => {
    const masked = actor.customerRole === 2 && actor.internal_role === 1 && (await repo.findShopMask(actor.customerId));
    const level = levelOf(actor);
    return { masked, party: level, query: (filters) => ({ viewer: actor, filters, level }) };
  };
}

export const filtersOf = (body: SalesReportFilters): SalesReportFilters =>
  Object.fromEntries(SALES_REPORT_FILTER_KEYS.flatMap((k) => (body[k] === undefined ? [] : [[k, body[k]]])));

const pageOf = (body: { page: number; limit?: number }) => ({ page: body.page, limit: body.limit ?? LIMITS.pageSize });

/**
 * The sales reports (`/reports-sales`, `/reports-sales-new`, `/report-sales-summary`,
 * `/reports-sales-comparison`, `/reseller-reports-sales` and the shop's `/seller/sales` totals): one sale
 * per row, the counters of the same filters, and summaries whose figures drill down to their sales.
 */
export function createSalesReportsService(deps: { repo: ReportsRepository; viewOf: ViewOf }) {
  const { repo, viewOf } = deps;

  async function findSales(actor: Actor, body: SalesReportListBody) {
    const view = await viewOf(actor);
    const filters = filtersOf(body);
    const p = pageOf(body);
    const { items, total } = await repo.findSalesPage(view.query(filters), p);
    return { items: items.map((r) => reportRowOf(r, view.masked)), total, page: p, applied: filters };
  }

  async function countSales(actor: Actor, body: SalesReportFilters): Promise<SalesReportCounters> {
    const view = await viewOf(actor);
    const totals = await repo.sumSales(view.query(filtersOf(body)));
    return { counters: [countersOf(totals, view.masked, view.party)] };
  }

  async function findSummary(actor: Actor, body: SalesSummaryBody) {
    const view = await viewOf(actor);
    const filters = filtersOf(body);
    const p = pageOf(body);
    const { items, total } = await repo.findSummaryPage(view.query(filters), body.group_by, p);
    return {
      items: items.map((r) => summaryRowOf(r, view.masked)),
      total,
      page: p,
      applied: { ...filters, group_by: body.group_by },
    };
  }

  /** The sales behind one summary figure: the summary's filters narrowed to the figure's group. */
  async function findSummaryDetails(actor: Actor, body: SalesSummaryDetailsBody) {
    const filters = filtersOf(body);
    const narrowed = narrowTo(filters, body.group_by, body.key);
    const applied = { ...filters, group_by: body.group_by, key: body.key };
    if (!narrowed) return { items: [], total: 0, page: pageOf(body), applied };
    const r = await findSales(actor, { ...narrowed, page: body.page, limit: body.limit });
    return { ...r, applied };
  }

  /**
   * Two periods compared per shop, product or reseller over the caller's whole scope: the same view and filters as
   * the summaries, the report's period against `compare_from`–`compare_to` (decision 0063 "Comparison").
   */
  async function compare(actor: Actor, body: SalesComparisonBody) {
    const view = await viewOf(actor);
    const filters = filtersOf(body);
    const earlier = { ...filters, from_date: body.compare_from, to_date: body.compare_to };
    const p = pageOf(body);
    const { items, total } = await repo.findComparisonPage(
      view.query(filters),
      view.query(earlier),
      body.group_by,
      body.sort,
      p,
    );
    return {
      items: items.map((r) => comparisonRowOf(r, view.masked)),
      total,
      page: p,
      applied: {
        ...filters,
        compare_from: body.compare_from,
        compare_to: body.compare_to,
        group_by: body.group_by,
        sort: body.sort,
      },
    };
  }

  return { findSales, countSales, findSummary, findSummaryDetails, compare };
}
export type SalesReportsService = ReturnType<typeof createSalesReportsService>;

const SALE_KIND_KEY = /^[a-z][a-z0-9_]{0,29}$/;
const GROUP_FILTER = {
  shop: 'shop',
  reseller: 'reseller',
  product: 'product',
  denomination: 'denomination',
  staff: 'staff',
} as const;

/**
 * A summary figure's key as a filter; null for a figure outside the summary's own filters (another shop
 * than the one filtered), which has no sales. A day outside the range gives an empty range.
 */
function narrowTo(
  f: SalesReportFilters,
  group: SalesSummaryDetailsBody['group_by'],
  key: string,
): SalesReportFilters | null {
  if (group === 'day') {
    if (!isCalendarDay(key)) throw badKey('calendar_day');
    const from = f.from_date && f.from_date > key ? f.from_date : key;
    const to = f.to_date && f.to_date < key ? f.to_date : key;
    return { ...f, from_date: from, to_date: to };
  }
  const field = GROUP_FILTER[group];
  // A provider's figure in a summary by product or denomination is keyed by its sale kind (decision 0102).
  if ((group === 'product' || group === 'denomination') && SALE_KIND_KEY.test(key)) {
    if (f[field] !== undefined || (f.sale_kind !== undefined && f.sale_kind !== key)) return null;
    return { ...f, sale_kind: key };
  }
  if (!/^[1-9]\d{0,9}$/.test(key)) throw badKey('id');
  const id = Number(key);
  if (f[field] !== undefined && f[field] !== id) return null;
  return { ...f, [field]: id };
}

const badKey = (rule: string) =>
  validationError([
    { field: 'key', rule, message: `key: a ${rule === 'id' ? 'positive id' : 'calendar day as YYYY-MM-DD'}` },
  ]);
