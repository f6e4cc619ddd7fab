import { LIMITS } from '@portal/contract/limits';
import type { ZReport, ZReportBody, ZReportListRow, ZTotals } from '@portal/contract/z-report';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { offsetOf } from '../../platform/envelope.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { shopMasks } from './selling.access.ts';
import { totalsOf } from './selling.mapper.ts';
import type { ShopRepository } from './shop.repository.ts';

const earliest = (a: Date | null, b: Date | null) => (a === null || (b !== null && b < a) ? b : a);
const isoOrNull = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The shop's Z reports: the open period, closing a day under the counter's lock, and the issued list. */
export function createZReportService(deps: { db: Db; repo: ShopRepository; clock: Clock }) {
  const { db, repo, clock } = deps;

  /**
   * `/z_report/`: the open period (sales since the last close) or an issued report. Closing, by the
   * shop's internal_role 0 users only, issues the next number under the counter's lock; staff see
   * only their own figures, recomputed from the (immutable) sales the report covers.
   */
  async function zReport(actor: Actor, body: ZReportBody): Promise<ZReport> {
    const staffOnly = actor.internal_role === 1;
    const masked = await shopMasks(repo, actor);
    const shop = await repo.findShop(actor.customerId);
    if (!shop) throw notFound('Shop');
    if (body.action === 'close') {
      if (staffOnly) throw forbidden();
      return closeDay(actor, shop.name);
    }
    if (body.z_number !== undefined) {
      const z = await repo.findZReport(actor.customerId, body.z_number);
      if (!z) throw notFound('Z report');
      const totals = staffOnly
        ? totalsOf(
            await repo.findTotals({
              customerId: actor.customerId,
              // A report of provider sales alone covers no sale of stock.
              afterSaleId: z.first_sale_id === null ? z.last_sale_id : z.first_sale_id - 1,
              upToSaleId: z.last_sale_id,
              afterProviderEntryId: z.provider_after_entry_id,
              upToProviderEntryId: z.provider_last_entry_id,
              userId: actor.userId,
            }),
            masked,
          )
        : (z.totals as ZTotals);
      return {
        z_number: z.number,
        shop_name: shop.name,
        period_start: isoOrNull(z.period_start),
        period_end: new Date(z.closed_at).toISOString(),
        closed_by: z.closed_by,
        own_figures_only: staffOnly ? 1 : 0,
        totals,
      };
    }
    const counter = await repo.findCounter(actor.customerId);
    const periodStart = counter.last_closed_at ?? (await firstPeriodStart(actor.customerId));
    const rows = await repo.findTotals({
      customerId: actor.customerId,
      afterSaleId: counter.last_sale_id,
      afterProviderEntryId: counter.last_provider_entry_id,
      userId: staffOnly ? actor.userId : undefined,
    });
    return {
      z_number: null,
      shop_name: shop.name,
      period_start: isoOrNull(periodStart),
      period_end: clock.now().toISOString(),
      closed_by: null,
      own_figures_only: staffOnly ? 1 : 0,
      totals: totalsOf(rows, masked),
    };
  }

  async function firstPeriodStart(customerId: number) {
    const [sales, provider] = await Promise.all([
      repo.findSaleRange(customerId, 0),
      repo.findProviderRange(customerId, 0),
    ]);
    return earliest(sales.firstAt, provider.firstAt);
  }

  async function closeDay(actor: Actor, shopName: string): Promise<ZReport> {
    return db.transaction(async (tx) => {
      const counter = await repo.lockCounter(actor.customerId, tx);
      // Under the sales-period lock: no purchase and no provider sale's final status is being written now.
      const range = await repo.findSaleRange(actor.customerId, counter.last_sale_id, tx);
      const provider = await repo.findProviderRange(actor.customerId, counter.last_provider_entry_id, tx);
      if (range.lastId === null && provider.lastId === null) {
        throw new AppError('nothing_to_close', 'No sales since the last Z report');
      }
      const lastSaleId = range.lastId ?? counter.last_sale_id;
      const providerLastEntryId = provider.lastId ?? counter.last_provider_entry_id;
      const totals = totalsOf(
        await repo.findTotals(
          {
            customerId: actor.customerId,
            afterSaleId: counter.last_sale_id,
            upToSaleId: lastSaleId,
            afterProviderEntryId: counter.last_provider_entry_id,
            upToProviderEntryId: providerLastEntryId,
          },
          tx,
        ),
        false,
      );
      const closedAt = clock.now();
      const number = counter.last_number + 1;
      // The first period has no report before it: it starts at the shop's first sale.
      const periodStart = counter.last_closed_at ?? earliest(range.firstAt, provider.firstAt);
      await repo.insertZReport(
        {
          customerId: actor.customerId,
          number,
          firstSaleId: range.firstId,
          lastSaleId,
          providerAfterEntryId: counter.last_provider_entry_id,
          providerLastEntryId,
          periodStart,
          closedAt,
          closedBy: actor.userId,
          totals,
        },
        tx,
      );
      return {
        z_number: number,
        shop_name: shopName,
        period_start: isoOrNull(periodStart),
        period_end: closedAt.toISOString(),
        closed_by: actor.username,
        own_figures_only: 0,
        totals,
      };
    });
  }

  async function findZReports(actor: Actor, q: { page: number; limit?: number }) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const { items, total } = await repo.findZReportsPage(actor.customerId, { limit: p.limit, offset: offsetOf(p) });
    const rows: ZReportListRow[] = items.map((z) => ({
      z_number: z.number,
      period_start: isoOrNull(z.period_start),
      closed_at: new Date(z.closed_at).toISOString(),
      closed_by: z.closed_by,
      sales_count: z.sales_count,
      total_value: z.total_value,
    }));
    return { items: rows, total, page: p };
  }

  return { zReport, findZReports };
}
export type ZReportService = ReturnType<typeof createZReportService>;
