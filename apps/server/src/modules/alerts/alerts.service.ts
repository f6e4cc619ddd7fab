import { NOTICE_KINDS, NOTICE_RULES, NOTICES_SHOWN, type NoticeKind, type NoticeList } from '@portal/contract/alerts';
import { formatMoney } from '@portal/contract/format';
import { ROLE } from '@portal/contract/roles';
import { passesRule } from '@portal/contract/rules';
import type { Db, Tx } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { languageOf, messageText } from '../outbox/message-texts.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import { SCAN_LOW_BALANCE_JOB, SCAN_LOW_STOCK_JOB } from './alerts.job-defs.ts';
import type { AlertsRepository, LowBalanceRow, LowStockRow, ScannedKind } from './alerts.repository.ts';

/** The low-stock notice leads to the home dashboard, whose low-stock list changes the threshold and links the stock. */
const LOW_STOCK_LINK = '/';
/** The shop's low-balance notice leads to its ledger; its reseller's to the shop's details, where credit is given. */
const SHOP_LEDGER = '/seller/ledger';
/** A reseller's own notice leads to its ledger; its platform's to the reseller's details. */
const RESELLER_LEDGER = '/admin/ledger';

/**
 * Alerts (decision 0099): jobs compare the stock with its thresholds and the shops' balances with their triggers,
 * and tell each fall once, by notices in the bell and a message. The purchase writes nothing for them.
 */
export function createAlertsService(deps: {
  db: Db;
  repo: AlertsRepository;
  outbox: Pick<OutboxService, 'queue' | 'dispatch'>;
  clock: Clock;
  jobs: Pick<Jobs, 'send'>;
  log?: { warn(o: object, m: string): void };
}) {
  const { db, repo, outbox, clock, jobs } = deps;

  /**
   * One pass over a kind, in one transaction under the kind's scan lock: reads what is low, ends the recovered
   * crossings and tells each new one once (claims it, and only then writes what `tell` writes: notices and the message
   * to queue). Two scans at once run one after the other, so a stale reading never raises a crossing another just ended.
   */
  async function scan<R>(
    kind: ScannedKind,
    findLow: (tx: Tx) => Promise<R[]>,
    subjectOf: (row: R) => number,
    tell: (row: R, tx: Tx, now: Date) => Promise<number | null>,
  ): Promise<{ raised: number; cleared: number }> {
    const { raised, cleared, messages } = await db.transaction(async (tx) => {
      await repo.lockScan(kind, tx);
      const low = await findLow(tx);
      const cleared = await repo.clearRecovered(kind, low.map(subjectOf), tx);
      const now = clock.now();
      // The bell's notices of what is no longer low resolve with the crossing, in this transaction (issue 40).
      await repo.resolveRecovered(kind, low.map(subjectOf), now, tx);
      const messages: number[] = [];
      let raised = 0;
      for (const row of low) {
        const subject = subjectOf(row);
        try {
          // A savepoint per subject: one that cannot be told is left unclaimed for the next scan, the others told.
          const messageId = await tx.transaction(async (one) => {
            if (!(await repo.claimCrossing(kind, subject, now, one))) return undefined;
            return tell(row, one, now);
          });
          if (messageId === undefined) continue;
          raised++;
          if (messageId) messages.push(messageId);
        } catch (err) {
          deps.log?.warn({ err, kind, subject }, 'alert not told; the next scan tries again');
        }
      }
      return { raised, cleared, messages };
    });
    // After commit: the messages are queued whatever their delivery does.
    for (const id of messages) await outbox.dispatch(id);
    return { raised, cleared };
  }

  async function tellLowStock(row: LowStockRow, tx: Tx, now: Date) {
    const { product_name, value, available, threshold } = row;
    const params = { product_name, value, available, threshold };
    await repo.insertNotice(
      {
        customerId: row.owner_customer_id,
        kind: 'low_stock',
        subjectId: row.configuration_id,
        params,
        link: LOW_STOCK_LINK,
        now,
      },
      tx,
    );
    if (!row.owner_email) return null;
    const text = messageText(languageOf(row.owner_language), 'low_stock', {
      product: `${product_name} ${formatMoney(value)}`,
      available: String(available),
      threshold: String(threshold),
    });
    return outbox.queue({ channel: 'email', recipient: row.owner_email, ...text }, tx);
  }

  /** The shop and its reseller see it in the bell; the shop also hears of it the way it chose. */
  async function tellLowBalance(row: LowBalanceRow, tx: Tx, now: Date) {
    const params = { customer_name: row.customer_name, balance: row.balance, trigger: row.trigger };
    const ownLedger = row.account_role === ROLE.reseller ? RESELLER_LEDGER : SHOP_LEDGER;
    const notice = { kind: 'low_balance', subjectId: row.customer_id, params, now };
    await repo.insertNotice({ ...notice, customerId: row.customer_id, link: ownLedger }, tx);
    const resellerLink = `/customer/details/${row.customer_id}`;
    await repo.insertNotice({ ...notice, customerId: row.reseller_id, link: resellerLink }, tx);
    const text = messageText(languageOf(row.language), 'low_balance', {
      customer: row.customer_name,
      balance: formatMoney(row.balance),
      trigger: formatMoney(row.trigger),
    });
    if (row.notice === 'email' && row.email)
      return outbox.queue({ channel: 'email', recipient: row.email, ...text }, tx);
    if (row.notice === 'sms' && row.mobile)
      return outbox.queue(
        { channel: 'sms', recipient: row.mobile, subject: '', body: text.body, senderId: row.sms_sender_id },
        tx,
      );
    return null;
  }

  const scanLowStock = () => scan('low_stock', repo.findLowStock, (r) => r.configuration_id, tellLowStock);
  const scanLowBalance = () => scan('low_balance', repo.findLowBalance, (r) => r.customer_id, tellLowBalance);

  /**
   * A balance scan now rather than within the minute: after a sale refused for its reseller's balance (decision
   * 0099). One job for a burst (its singleton key), and the crossing's claim makes one notice per fall.
   */
  async function requestLowBalanceScan(): Promise<void> {
    await jobs.send(SCAN_LOW_BALANCE_JOB, {}, { singletonKey: SCAN_LOW_BALANCE_JOB.name });
  }

  /** A scan now rather than within the minute: after a change that can put stock below its threshold at once. */
  async function requestLowStockScan(): Promise<void> {
    await jobs.send(SCAN_LOW_STOCK_JOB, {}, { singletonKey: SCAN_LOW_STOCK_JOB.name });
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

  return { scanLowStock, scanLowBalance, requestLowStockScan, requestLowBalanceScan, listNotices, markRead };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
