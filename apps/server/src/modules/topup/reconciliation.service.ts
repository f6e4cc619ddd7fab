import type { PageQuery } from '@portal/contract/envelope';
import { LIMITS } from '@portal/contract/limits';
import type { ProviderReconciliation, TopupStatus } from '@portal/contract/topup';
import { Decimal } from 'decimal.js';
import { berlinDate, berlinDayStart } from '../../platform/berlin-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { offsetOf, page } from '../../platform/envelope.ts';
import type { DtOneClient, DtOneTransaction } from '../../providers/dtone/client.ts';
import type { ProviderSalesService } from '../provider-sales/provider-sales.service.ts';
import { DT_ONE_STATUS_OF } from './dtone-answers.ts';
import type { NewDifference, ReconciliationRepository } from './reconciliation.repository.ts';

const PROVIDER = 'dtone';
/** DT One allows at most 24 hours between from_date and to_date; a Berlin day has 23 to 25. */
const WINDOW_MS = 12 * 3_600_000;
const PER_PAGE = 100;

/** The calendar day before `day` (`YYYY-MM-DD`). */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const dayAfter = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

type Compared = Awaited<ReturnType<ReconciliationRepository['findSales']>> extends Map<string, infer S> ? S : never;

/**
 * What a DT One transaction of the day says against our sale under its external_id (decision 0080,
 * "Reconciliation"): unknown to us, an offer we rejected or let expire that DT One still holds open, or a status
 * that maps to another result than ours. An offer still open on both sides is no difference.
 */
export function differenceOf(t: DtOneTransaction, sale: Compared | undefined): NewDifference['kind'] | null {
  if (!sale) return 'unknown_transaction';
  const closedOffer = sale.offerState === 'rejected' || sale.offerState === 'expired';
  if (closedOffer && t.statusName === 'CREATED') return 'offer_not_cancelled';
  if (sale.offerState === 'offered' && t.statusName === 'CREATED') return null;
  return DT_ONE_STATUS_OF[t.statusName] === sale.status ? null : 'status_differs';
}

/**
 * The daily reconciliation of the platform's DT One transactions with `provider_sales`, and DT One's balance with
 * its alert (decision 0080, "Reconciliation"). A day is compared once: a crashed run is resumed from the day's
 * start, its differences unique per transaction.
 */
export function createTopupReconciliation(deps: {
  repo: ReconciliationRepository;
  providerSales: Pick<ProviderSalesService, 'alertPlatform'>;
  dtOne: DtOneClient;
  clock: Clock;
  /** The available balance (EUR) below which the superadmin gets a notice. */
  balanceAlertBelow: string;
}) {
  const { repo, dtOne, clock } = deps;

  /** Compares one Berlin day (the day before today unless named); answers how many transactions it compared. */
  async function reconcile(day: string = dayBefore(berlinDate(clock.now()))) {
    if ((await repo.start(PROVIDER, day, clock.now())) === 'done') return { day, compared: null };
    const start = berlinDayStart(day).getTime();
    const end = berlinDayStart(dayAfter(day)).getTime();
    let compared = 0;
    for (let from = start; from < end; from += WINDOW_MS) {
      // to_date is inclusive: the window ends a millisecond before the next one starts.
      const to = Math.min(from + WINDOW_MS, end) - 1;
      for (let n = 1, pages = 1; n <= pages; n++) {
        const r = await dtOne.listTransactions({
          fromDate: new Date(from).toISOString(),
          toDate: new Date(to).toISOString(),
          page: n,
          perPage: PER_PAGE,
        });
        pages = r.totalPages;
        const sales = await repo.findSales(
          PROVIDER,
          r.items.map((t) => t.external_id),
        );
        const diffs = r.items.flatMap((t): NewDifference[] => {
          const sale = sales.get(t.external_id);
          const kind = differenceOf(t, sale);
          return kind
            ? [
                {
                  kind,
                  providerTransactionId: t.id,
                  externalId: t.external_id,
                  saleId: sale?.id ?? null,
                  providerStatus: t.statusName,
                  portalStatus: sale?.status ?? null,
                },
              ]
            : [];
        });
        await repo.addDifferences(PROVIDER, day, diffs, clock.now());
        compared += r.items.length;
      }
    }
    const balance = await checkBalance();
    await repo.finish(PROVIDER, day, {
      compared,
      balanceAvailable: balance?.available ?? null,
      balanceUnit: balance?.unit ?? null,
      now: clock.now(),
    });
    return { day, compared };
  }

  /**
   * DT One's balance in EUR (its first balance if none is in EUR); below the threshold every platform's superadmin
   * gets one notice (one unread per provider and code: a balance read low many times makes one).
   */
  async function checkBalance() {
    const all = await dtOne.balances();
    const b = all.find((x) => x.unit === 'EUR') ?? all[0];
    if (!b) return null;
    const available = new Decimal(b.available);
    const below = available.lt(deps.balanceAlertBelow);
    if (below) {
      for (const platformId of await repo.findPlatformIds()) {
        await deps.providerSales.alertPlatform(
          platformId,
          {
            provider: PROVIDER,
            code: 'balance_low',
            available: available.toFixed(2),
            unit: b.unit,
            threshold: new Decimal(deps.balanceAlertBelow).toFixed(2),
          },
          clock.now(),
        );
      }
    }
    return { available: available.toFixed(2), unit: b.unit, below };
  }

  /** `/view_provider_reconciliation/`: DT One's balance now, the last run and every difference found, newest first. */
  async function view(q: PageQuery): Promise<ProviderReconciliation> {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    // DT One not answering leaves the balance out; the differences are ours to show.
    const balance = await checkBalance().catch(() => null);
    const [last, { items, total }] = await Promise.all([
      repo.lastRun(PROVIDER),
      repo.findDifferences(PROVIDER, { limit: p.limit, offset: offsetOf(p) }),
    ]);
    return {
      balance: balance
        ? {
            available: balance.available,
            unit: balance.unit,
            threshold: new Decimal(deps.balanceAlertBelow).toFixed(2),
            below: balance.below,
          }
        : null,
      last_run: last
        ? {
            day: last.day,
            status: last.status,
            compared: last.compared,
            finished_at: last.finishedAt?.toISOString() ?? null,
          }
        : null,
      ...page(
        'differences',
        items.map((d) => ({
          id: d.id,
          day: d.day,
          kind: d.kind,
          provider_transaction_id: d.providerTransactionId,
          external_id: d.externalId,
          sale_id: d.saleId,
          provider_status: d.providerStatus,
          portal_status: d.portalStatus as TopupStatus | null,
          found_at: d.foundAt.toISOString(),
        })),
        total,
        p,
      ),
    };
  }

  return { reconcile, checkBalance, view };
}
export type TopupReconciliation = ReturnType<typeof createTopupReconciliation>;
