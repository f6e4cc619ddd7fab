import {
  CREDIT_NEAR_LIMIT_SHARE,
  DASHBOARD_DAYS,
  DASHBOARD_TOP,
  type DashboardDay,
  type LowStockThresholdBody,
  type LowStockThresholdList,
  type SalesDashboard,
} from '@portal/contract/dashboard';
import { periodRange } from '@portal/contract/report-periods';
import type { SalesReportFilters, SummaryGroup } from '@portal/contract/reports';
import { OPERATORS } from '@portal/contract/roles';
import { Decimal } from 'decimal.js';
import type { Actor } from '../../platform/actor.ts';
import { berlinDate } from '../../platform/berlin-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { moneyText } from '../../platform/money.ts';
import type { DashboardRepository } from './dashboard.repository.ts';
import { countersOf, summaryRowOf } from './reports.mapper.ts';
import type { ReportsRepository } from './reports.repository.ts';
import type { ViewOf } from './sales-reports.service.ts';

const LOW_STOCK_ROWS = 20;
const CREDIT_ROWS = 10;

const shiftDay = (day: string, days: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const isOperator = (actor: Actor) => (OPERATORS as readonly number[]).includes(actor.account_role);

/**
 * The home dashboards. Every sales figure goes through the report view and repository (same scope, same
 * price level, same masking), so the dashboard never disagrees with the report for the same days.
 */
export function createDashboardService(deps: {
  reports: Pick<ReportsRepository, 'sumSales' | 'findSummaryPage'>;
  repo: DashboardRepository;
  viewOf: ViewOf;
  clock: Clock;
  onThresholdChanged?: () => Promise<void>;
}) {
  const { reports, repo, viewOf, clock } = deps;

  async function getDashboard(actor: Actor): Promise<SalesDashboard> {
    const view = await viewOf(actor);
    const today = berlinDate(clock.now());
    const month = periodRange('month', today);
    const days: SalesReportFilters = { from_date: shiftDay(today, 1 - DASHBOARD_DAYS), to_date: today };
    const top = (group: SummaryGroup) =>
      reports.findSummaryPage(view.query(month), group, { page: 1, limit: DASHBOARD_TOP });
    const operator = isOperator(actor);
    const ownsStock = operator && actor.flags.has_inventory === 1;
    const staff = operator && actor.internal_role !== 0;
    const [todayTotals, monthTotals, perDay, products, shops, lowStock, credit, assigned] = await Promise.all([
      reports.sumSales(view.query({ from_date: today, to_date: today })),
      reports.sumSales(view.query(month)),
      reports.findSummaryPage(view.query(days), 'day', { page: 1, limit: DASHBOARD_DAYS }),
      top('product'),
      operator ? top('shop') : { items: [] },
      ownsStock ? repo.findLowStock(actor.customerId, LOW_STOCK_ROWS) : [],
      operator ? repo.findCreditNearLimit(actor, CREDIT_NEAR_LIMIT_SHARE, CREDIT_ROWS) : [],
      staff ? repo.countAssigned(actor.userId) : null,
    ]);
    const byDay = new Map(perDay.items.map((r) => [r.key, summaryRowOf(r, view.masked)]));
    const salesPerDay: DashboardDay[] = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
      const day = shiftDay(days.from_date as string, i);
      const r = byDay.get(day);
      return r
        ? { day, sales: r.sales, pins: r.pins, selling_amount: r.selling_amount, margin: r.margin }
        : { day, sales: 0, pins: 0, selling_amount: '0.00', margin: view.masked ? null : '0.00' };
    });
    return {
      periods: { today, month_from: month.from_date, days_from: days.from_date as string },
      today: countersOf(todayTotals, view.masked, view.party),
      this_month: countersOf(monthTotals, view.masked, view.party),
      sales_per_day: salesPerDay,
      top_products: products.items.map((r) => summaryRowOf(r, view.masked)),
      top_shops: shops.items.map((r) => summaryRowOf(r, view.masked)),
      low_stock: lowStock.map((r) => ({ ...r, value: moneyText(r.value) })),
      assigned_customers: assigned,
      credit_near_limit: credit.map((r) => ({
        customer_id: r.customer_id,
        name: r.name,
        credit_limit: moneyText(r.credit_limit),
        outstanding_credit: moneyText(r.outstanding_credit),
        used_percent: new Decimal(r.outstanding_credit).div(r.credit_limit).times(100).toFixed(1),
      })),
    };
  }

  /** Only the stock owner sets a denomination's threshold; another owner's denomination is not found. */
  async function setLowStockThreshold(actor: Actor, body: LowStockThresholdBody) {
    const own = await repo.findOwnConfigurations(actor.customerId, [body.configuration_id]);
    if (own.length === 0) throw notFound('Denomination');
    await repo.updateLowStockThreshold(body.configuration_id, body.threshold);
    await deps.onThresholdChanged?.();
    return { configuration_id: body.configuration_id, threshold: body.threshold };
  }

  async function findLowStockThresholds(actor: Actor, productId: number): Promise<LowStockThresholdList> {
    const rows = await repo.findThresholds(actor.customerId, productId);
    return { thresholds: rows.map((r) => ({ ...r, value: moneyText(r.value) })) };
  }

  return { getDashboard, setLowStockThreshold, findLowStockThresholds };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
