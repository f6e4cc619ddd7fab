import { NOTICE_KINDS, NOTICE_RULES, NOTICES_SHOWN, type NoticeKind, type NoticeList } from '@portal/contract/alerts';
import { formatMoney } from '@portal/contract/format';
import { passesRule } from '@portal/contract/rules';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import { SCAN_LOW_STOCK_JOB } from './alerts.jobs.ts';
import type { AlertsRepository, LowStockRow } from './alerts.repository.ts';

/** The low-stock notice leads to the home dashboard, whose low-stock list changes the threshold and links the stock. */
const LOW_STOCK_LINK = '/';

/**
 * Alerts (decision 0099): a job compares the stock with its thresholds and tells the owner once per fall below a
 * threshold, by a notice in the bell and a mail. The purchase writes nothing for them, so selling stays as fast.
 */
export function createAlertsService(deps: {
  db: Db;
  repo: AlertsRepository;
  outbox: Pick<OutboxService, 'queue' | 'dispatch'>;
  clock: Clock;
  jobs: Pick<Jobs, 'send'>;
}) {
  const { db, repo, outbox, clock, jobs } = deps;

  async function raiseLowStock(row: LowStockRow): Promise<boolean> {
    const now = clock.now();
    const params = {
      product_name: row.product_name,
      value: row.value,
      available: row.available,
      threshold: row.threshold,
    };
    const messageId = await db.transaction(async (tx) => {
      if (!(await repo.claimLowStock(row.configuration_id, now, tx))) return undefined;
      await repo.insertNotice(
        { customerId: row.owner_customer_id, kind: 'low_stock', params, link: LOW_STOCK_LINK, now },
        tx,
      );
      if (!row.owner_email) return null;
      const name = `${row.product_name} ${formatMoney(row.value)}`;
      return outbox.queue(
        {
          channel: 'email',
          recipient: row.owner_email,
          subject: `Low stock: ${name}`,
          body: `${name} has ${row.available} PINs for sale, fewer than its threshold of ${row.threshold}. Import new PINs or change the threshold on the dashboard.`,
        },
        tx,
      );
    });
    if (messageId) await outbox.dispatch(messageId);
    return messageId !== undefined;
  }

  /** One pass over all stock: raises the new crossings, ends the recovered ones. Safe to run twice at once. */
  async function scanLowStock(): Promise<{ raised: number; cleared: number }> {
    const low = await repo.findLowStock();
    const cleared = await repo.clearRecovered(low.map((r) => r.configuration_id));
    let raised = 0;
    for (const row of low) if (await raiseLowStock(row)) raised++;
    return { raised, cleared };
  }

  /** A scan now rather than within the minute: after a change that can put stock below its threshold at once. */
  async function requestLowStockScan(): Promise<void> {
    await jobs.send(SCAN_LOW_STOCK_JOB, {}, { singletonKey: SCAN_LOW_STOCK_JOB });
  }

  const kindsOf = (actor: Actor) => NOTICE_KINDS.filter((kind) => passesRule(actor, NOTICE_RULES[kind]));

  async function listNotices(actor: Actor): Promise<NoticeList> {
    const kinds = kindsOf(actor);
    if (kinds.length === 0) return { notices: [], unread: 0 };
    const { rows, unread } = await repo.findNotices(actor.customerId, kinds, NOTICES_SHOWN);
    return {
      notices: rows.map((n) => ({
        id: n.id,
        kind: n.kind as NoticeKind,
        params: n.params,
        link: n.link,
        created_at: n.createdAt.toISOString(),
        read: n.readAt !== null,
      })),
      unread,
    };
  }

  async function markRead(actor: Actor, ids: number[] | undefined): Promise<{ marked: number }> {
    const kinds = kindsOf(actor);
    if (kinds.length === 0) return { marked: 0 };
    return { marked: await repo.markRead(actor.customerId, kinds, ids, clock.now()) };
  }

  return { scanLowStock, requestLowStockScan, listNotices, markRead };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
