import type { AddCreditBody, MultiTopupBody, WalletResult } from '@portal/contract/credit';
import { Decimal } from 'decimal.js';
import type { Db, Tx } from '../../db/connect.ts';
import type { Actor, Viewer } from '../../platform/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { moneyText } from '../../platform/money.ts';
import { ownCustomer } from './credit.access.ts';
import type { CreditRepository } from './credit.repository.ts';
import { creditTopupLines, type LedgerLineInput, type LedgerService, type PostedEntry } from './ledger.service.ts';

const fixed2 = (v: Decimal | undefined) => moneyText(v ?? new Decimal(0));

/** Credit top-ups and received payments recorded by the party above a customer. */
export function createCreditTopupsService(deps: {
  db: Db;
  repo: CreditRepository;
  ledger: Pick<LedgerService, 'postEntry'>;
}) {
  const { db, repo, ledger } = deps;

  /** A payment settles outstanding credit first; the rest raises the balance. Money enters from outside. */
  async function paymentLines(tx: Tx, customerId: number, receiverId: number, amount: Decimal) {
    const [w] = await repo.lockWallets([customerId], tx);
    if (!w) throw new Error(`customer ${customerId} has no wallet`);
    const settle = Decimal.min(amount, w.outstandingCredit);
    const rest = amount.minus(settle);
    const lines: LedgerLineInput[] = [{ customerId: receiverId, account: 'external_funds', amount: amount.negated() }];
    if (settle.gt(0)) lines.push({ customerId, account: 'credit', amount: settle });
    if (rest.gt(0)) lines.push({ customerId, account: 'balance', amount: rest });
    return lines;
  }

  function walletResult(customerId: number, posted: PostedEntry): WalletResult {
    const w = posted.wallets.get(customerId);
    return {
      customer_id: customerId,
      entry_id: posted.entryId,
      balance: fixed2(w?.balance),
      outstanding_credit: fixed2(w?.outstandingCredit),
      credit_limit: fixed2(w?.creditLimit),
    };
  }

  async function addCreditIn(
    tx: Tx,
    actor: Viewer,
    c: { customer_id: number; amount: string },
    o: { type: 'credit' | 'payment'; method?: string; reference?: string | null; remarks?: string },
  ) {
    await ownCustomer(repo, actor, c.customer_id, tx);
    const amount = new Decimal(c.amount);
    const lines =
      o.type === 'credit'
        ? creditTopupLines(c.customer_id, amount)
        : await paymentLines(tx, c.customer_id, actor.customerId, amount);
    return ledger.postEntry(tx, {
      kind: o.type === 'credit' ? 'credit_topup' : 'payment',
      customerId: c.customer_id,
      actorCustomerId: actor.customerId,
      createdBy: actor.userId,
      method: o.type === 'payment' ? (o.method ?? 'cash') : null,
      reference: o.reference ?? null,
      memo: o.remarks ?? '',
      lines,
    });
  }

  /** `/customer/credit/add`: a credit top-up or a received payment for one customer. */
  async function addCredit(actor: Actor, body: AddCreditBody): Promise<WalletResult> {
    const posted = await db.transaction((tx) => addCreditIn(tx, actor, body, body));
    return walletResult(body.customer_id, posted);
  }

  /** Several customers at once; each is its own transaction, so one refusal leaves the others done. */
  async function addCreditToMany(actor: Actor, body: MultiTopupBody) {
    const results: (
      | ({ status: 'success' } & WalletResult)
      | { status: 'failed'; customer_id: number; code: string; message: string }
    )[] = [];
    for (const c of body.customers) {
      try {
        const posted = await db.transaction((tx) => addCreditIn(tx, actor, c, body));
        results.push({ status: 'success', ...walletResult(c.customer_id, posted) });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ status: 'failed', customer_id: c.customer_id, code: err.code, message: err.message });
      }
    }
    return {
      results,
      succeeded: results.filter((r) => r.status === 'success').length,
      failed: results.filter((r) => r.status === 'failed').length,
    };
  }

  /**
   * A payment received from outside (a bank import), inside the caller's transaction: for one of the
   * actor's visible customers only, posted like `/customer/credit/add` with type payment.
   */
  function receivePayment(
    tx: Tx,
    actor: Viewer,
    p: { customer_id: number; amount: string; method: string; reference: string; remarks: string },
  ) {
    return addCreditIn(tx, actor, p, { type: 'payment', method: p.method, reference: p.reference, remarks: p.remarks });
  }

  return { addCredit, addCreditToMany, receivePayment };
}
export type CreditTopupsService = ReturnType<typeof createCreditTopupsService>;
