import type { UpdateAutoCreditBody } from '@portal/contract/credit';
import { Decimal } from 'decimal.js';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { bit } from '../../platform/envelope.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { moneyText, moneyTextOrNull } from '../../platform/money.ts';
import { ownCustomer } from './credit.access.ts';
import { AUTO_CREDIT_JOB } from './credit.job-defs.ts';
import type { CreditRepository } from './credit.repository.ts';
import { CREDIT_LIMIT_EXCEEDED, creditTopupLines, type LedgerService } from './ledger.service.ts';

/**
 * Auto-credit: a posting that takes a balance below its trigger records a request (the ledger core's
 * crossing); after commit a job grants a credit top-up within the credit limit.
 */
export function createAutoCreditService(deps: {
  db: Db;
  repo: CreditRepository;
  ledger: Pick<LedgerService, 'postEntry'>;
  jobs: Jobs;
  clock: Clock;
}) {
  const { db, repo, ledger, jobs, clock } = deps;

  async function dispatchAutoCredit(requestIds: number[]) {
    for (const id of requestIds) await jobs.send(AUTO_CREDIT_JOB, { id }, { singletonKey: `auto-credit-${id}` });
  }

  /** The auto-credit job: a credit top-up of the balance top-up amount, less when less room is left. */
  async function settleAutoCredit({ id }: { id: number }) {
    await db.transaction(async (tx) => {
      const request = await repo.claimAutoCreditRequest(id, tx);
      if (!request) return;
      const [w] = await repo.lockWallets([request.customerId], tx);
      const now = clock.now();
      const settle = (status: 'done' | 'skipped', granted: Decimal, reason: string | null, entryId: number | null) =>
        repo.settleAutoCreditRequest(
          id,
          { status, granted: new Decimal(granted).toFixed(4), reason, entryId, at: now },
          tx,
        );
      if (!w?.autoCredit || w.balanceTopup === null)
        return settle('skipped', new Decimal(0), 'auto credit is off', null);
      const room = Decimal.max(0, new Decimal(w.creditLimit).minus(w.outstandingCredit));
      const amount = Decimal.min(w.balanceTopup, room).toDecimalPlaces(4, Decimal.ROUND_DOWN);
      if (amount.lte(0)) return settle('skipped', new Decimal(0), CREDIT_LIMIT_EXCEEDED, null);
      const posted = await ledger.postEntry(tx, {
        kind: 'auto_credit',
        customerId: request.customerId,
        memo: `Auto credit: balance below ${moneyText(new Decimal(request.trigger))}`,
        lines: creditTopupLines(request.customerId, amount),
      });
      return settle('done', amount, amount.lt(w.balanceTopup) ? 'limited by the credit limit' : null, posted.entryId);
    });
  }

  /**
   * Every minute: the crossings of slotted wallets, which a sale taking from one slot cannot see, and the
   * requests whose dispatch was lost (a crash between commit and send) are sent.
   */
  async function sweepAutoCredit() {
    const now = clock.now();
    const crossed = await repo.recordSlotCrossings(now);
    const stale = await repo.findPendingAutoCredit(new Date(now.getTime() - 30_000));
    await dispatchAutoCredit([...crossed, ...stale.map((r) => r.id)]);
  }

  async function updateAutoCredit(actor: Actor, body: UpdateAutoCreditBody) {
    await ownCustomer(repo, actor, body.customer_id);
    // A field not sent keeps its stored value: switching auto credit off keeps the amounts for switching it on.
    await repo.updateAutoCredit(body.customer_id, {
      autoCredit: body.auto_credit,
      ...(body.balance_trigger === undefined ? {} : { balanceTrigger: body.balance_trigger }),
      ...(body.balance_topup === undefined ? {} : { balanceTopup: body.balance_topup }),
      ...(body.low_balance_notice === undefined ? {} : { lowBalanceNotice: body.low_balance_notice }),
    });
    return getAutoCredit(actor, body.customer_id);
  }

  async function getAutoCredit(actor: Actor, customerId: number) {
    await ownCustomer(repo, actor, customerId);
    // ownCustomer found the customer just above, and customers are never deleted.
    const s = (await repo.findAutoCreditSettings(customerId))!;
    return {
      customer_id: customerId,
      auto_credit: bit(s.auto_credit),
      balance_trigger: moneyTextOrNull(s.balance_trigger),
      balance_topup: moneyTextOrNull(s.balance_topup),
      low_balance_notice: s.low_balance_notice,
    };
  }

  return { dispatchAutoCredit, settleAutoCredit, sweepAutoCredit, updateAutoCredit, getAutoCredit };
}
export type AutoCreditService = ReturnType<typeof createAutoCreditService>;
