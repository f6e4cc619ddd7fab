import type { PageQuery } from '@portal/contract/envelope';
import { type Language, LIMITS } from '@portal/contract/limits';
import type { InternationalTopupsQuery, RechargeSummaryQuery } from '@portal/contract/topup';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ExportColumn } from '../../platform/csv.ts';
import { offsetOf, page } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { type ExportFormat, exportFile } from '../../platform/export-file.ts';
import { type ExportWords, exportWords, wordOf } from '../../platform/export-words.ts';
import { ownSalesOnly } from '../selling/selling.access.ts';
import { pendingTopupOf, rechargeSummaryOf, toTopupSale } from './provider-sales.mapper.ts';
import type { ProviderSalesService } from './provider-sales.service.ts';

/** After this long a pending sale is shown to the platform for follow-up (it is still never refunded unasked). */
export const STUCK_AFTER_MS = 24 * 3_600_000;

/** The summary file's columns, in the order of the screen's table. */
const SUMMARY_COLUMNS = [
  ['day', 'date'],
  ['kind', 'text'],
  ['operator_name', 'text'],
  ['status', 'text'],
  ['count', 'integer'],
  ['retail_total', 'money'],
  ['seller_total', 'money'],
] as const satisfies readonly (readonly [keyof ExportWords['recharges'], ExportColumn['kind']])[];

/** The lists of provider sales: the shop's top-ups and its recharge summary, the platform's stuck sales. */
export function createProviderSaleViewsService(deps: {
  /** The engine: its sales' rows, and one step of a sale towards its final status by the provider that sold it. */
  providerSales: ProviderSalesService;
  clock: Clock;
  /** The language a user reads the portal in: its files are written in it (decision 0131). */
  languageOfUser: (userId: number) => Promise<Language>;
}) {
  const { providerSales } = deps;

  /** `/get_international_top_up/`: the shop's top-ups, newest first; staff and web support see their own. */
  async function findTopups(actor: Actor, q: InternationalTopupsQuery) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const userId = ownSalesOnly(actor) ? actor.userId : undefined;
    const { items, total } = await providerSales.findPage(
      { provider: 'dtone', customerId: actor.customerId, userId, status: q.status },
      { limit: p.limit, offset: offsetOf(p) },
    );
    const m = await providerSales.pricesMasked(actor);
    return page(
      'top_ups',
      items.map((s) => toTopupSale(s, m)),
      total,
      p,
      q.status ? { status: q.status } : {},
    );
  }

  /** `/get_recharge_summary/`: by day, kind, operator and status, with totals; staff see their own sales. */
  async function rechargeSummary(actor: Actor, q: RechargeSummaryQuery) {
    const rows = await providerSales.summarise({
      customerId: actor.customerId,
      userId: ownSalesOnly(actor) ? actor.userId : undefined,
      ...q,
    });
    return rechargeSummaryOf(rows, await providerSales.pricesMasked(actor));
  }

  /**
   * The summary's rows as a CSV or XLSX in the user's language and dialect (the totals are the spreadsheet's to
   * add); a masked buying price is an empty cell.
   */
  async function rechargeSummaryFile(actor: Actor, q: RechargeSummaryQuery, format: ExportFormat) {
    const [summary, language] = await Promise.all([rechargeSummary(actor, q), deps.languageOfUser(actor.userId)]);
    const words = exportWords(language);
    return exportFile({
      format,
      language,
      name: `recharge-summary-${q.from}-${q.to}`,
      sheet: words.sheets.recharges,
      columns: SUMMARY_COLUMNS.map(([key, kind]) => ({ key, kind, header: words.recharges[key] })),
      rows: summary.rows.map((r) => ({
        ...r,
        kind: wordOf(words.rechargeKinds, r.kind),
        status: wordOf(words.topupStatuses, r.status),
      })),
    });
  }

  /** `/view_pending_top_ups/`: the platform's sales pending for more than 24 hours, oldest first. */
  async function findStuck(actor: Actor, q: PageQuery) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const before = new Date(deps.clock.now().getTime() - STUCK_AFTER_MS);
    const { items, total } = await providerSales.findStuck(actor.customerId, before, {
      limit: p.limit,
      offset: offsetOf(p),
    });
    return page('top_ups', items.map(pendingTopupOf), total, p, {});
  }

  /**
   * `/check_top_up_status/`: asks the provider now about one of the platform's sales and records its answer.
   * Only the provider's final status moves money: there is no manual refund.
   */
  async function checkNow(actor: Actor, saleId: number) {
    const own = async () => {
      const sale = await providerSales.findPlatformSale(actor.customerId, saleId);
      if (!sale) throw notFound('Top-up');
      return sale;
    };
    await providerSales.advance(await own());
    return pendingTopupOf(await own());
  }

  /** One of the platform's sales as its pending list shows it. */
  async function platformSale(actor: Actor, saleId: number) {
    const sale = await providerSales.findPlatformSale(actor.customerId, saleId);
    if (!sale) throw notFound('Top-up');
    return pendingTopupOf(sale);
  }

  return { findTopups, rechargeSummary, rechargeSummaryFile, findStuck, checkNow, platformSale };
}
export type ProviderSaleViewsService = ReturnType<typeof createProviderSaleViewsService>;
