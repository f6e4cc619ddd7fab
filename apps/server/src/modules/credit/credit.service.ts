import type { DynamicBalance } from '@portal/contract/auth';
import type {
  AddCreditBody,
  CreditLogRow,
  LedgerRow,
  MoneyListBody,
  MultiTopupBody,
  UpdateAutoCreditBody,
  WalletResult,
} from '@portal/contract/credit';
import { LIMITS } from '@portal/contract/limits';
import { ROLE } from '@portal/contract/roles';
import { Decimal } from 'decimal.js';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import type { EntryKind, LedgerAccount } from '../../db/schema/credit.ts';
import { customers } from '../../db/schema/customers.ts';
import { visibleCustomers } from '../../db/scopes.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { offsetOf } from '../../platform/envelope.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { CreditRepository, LineFilter, PostingResult } from './credit.repository.ts';

export const AUTO_CREDIT_JOB = 'credit.auto-credit';
export const AUTO_CREDIT_SWEEP_JOB = 'credit.auto-credit-sweep';

export const CREDIT_LIMIT_EXCEEDED = 'credit limit must not be exceeded';
export const INSUFFICIENT_BALANCE = 'Insufficient balance';

export interface LedgerLineInput {
  customerId: number;
  account: LedgerAccount;
  /** Signed: + the account gains, − it gives. */
  amount: Decimal.Value;
}

export interface EntryInput {
  kind: EntryKind;
  /** The customer the movement is about. */
  customerId: number;
  /** The customer that recorded it. */
  actorCustomerId?: number | null;
  createdBy?: number | null;
  method?: string | null;
  reference?: string | null;
  memo?: string;
  lines: LedgerLineInput[];
}

export interface WalletAfter {
  balance: Decimal;
  outstandingCredit: Decimal;
  creditLimit: Decimal;
}

export interface PostedEntry {
  entryId: number;
  /** Wallets the entry changed, after it. */
  wallets: Map<number, WalletAfter>;
  /** Auto-credit requests the entry caused; pass them to `dispatchAutoCredit` after commit. */
  autoCreditRequests: number[];
}

/** A sale as the selling module posts it (DOMAIN.md "Money": a sale). */
export interface SaleEntryInput {
  sellerId: number;
  /** The seller's reseller: receives S as sales income. */
  resellerId: number;
  /** The platform's customer; with `resellerPrice`, the stock is the platform's and it receives R. */
  platformId: number;
  sellerPrice: Decimal.Value;
  /** R, only when the stock is the platform's: the reseller pays it in the same entry. */
  resellerPrice?: Decimal.Value | null;
  /** The stock owner and the pins' cost C, moved from its inventory to its cost of sales. */
  ownerId: number;
  cost: Decimal.Value;
  createdBy: number;
  reference: string;
  memo?: string;
}

const EXPORT_MAX_ROWS = 10_000;
const fixed2 = (v: Decimal.Value | null | undefined) => new Decimal(v ?? '0').toFixed(2);
const fixed4 = (v: Decimal.Value) => new Decimal(v).toFixed(4);

export function createCreditService(deps: { db: Db; repo: CreditRepository; jobs: Jobs; clock: Clock }) {
  const { db, repo, jobs, clock } = deps;

  /**
   * Posts one balanced journal entry inside the caller's transaction through the database's one posting
   * definition (`ledger_post`): wallet rows locked in ascending customer_id order (DOMAIN.md), checked,
   * then the entry, its lines and the cached wallet values written. Refuses with 409
   * `insufficient_balance` when a balance would go below zero and `credit_limit_exceeded` when
   * outstanding credit would grow beyond the customer's limit.
   */
  async function postEntry(tx: Tx, entry: EntryInput): Promise<PostedEntry> {
    const lines = entry.lines.map((l) => ({ ...l, amount: new Decimal(l.amount).toDecimalPlaces(4) }));
    if (lines.length < 2 || lines.some((l) => l.amount.isZero() || !l.amount.isFinite())) {
      throw new Error(`journal entry ${entry.kind}: needs two or more non-zero lines`);
    }
    const sum = lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));
    if (!sum.isZero()) throw new Error(`journal entry ${entry.kind} does not balance: ${sum.toFixed()}`);
    return posted(
      await repo.postEntry(
        {
          kind: entry.kind,
          customerId: entry.customerId,
          actorCustomerId: entry.actorCustomerId ?? null,
          createdBy: entry.createdBy ?? null,
          method: entry.method ?? null,
          reference: entry.reference ?? null,
          memo: entry.memo ?? '',
          createdAt: clock.now(),
        },
        lines.map((l) => ({ customerId: l.customerId, account: l.account, amount: fixed4(l.amount) })),
        tx,
      ),
    );
  }

  /** The database's answer as the callers read it, and its refusals as the errors they expect. */
  function posted(r: PostingResult): PostedEntry {
    if ('refusal' in r) {
      if (r.refusal === 'insufficient_balance') throw new AppError('insufficient_balance', INSUFFICIENT_BALANCE);
      if (r.refusal === 'credit_limit_exceeded') {
        throw new AppError('credit_limit_exceeded', CREDIT_LIMIT_EXCEEDED, {
          errors: [{ field: 'amount', rule: 'credit_limit', message: `amount: ${CREDIT_LIMIT_EXCEEDED}` }],
        });
      }
      throw new AppError('conflict', 'The payment settles more than the outstanding credit');
    }
    const wallets = new Map<number, WalletAfter>(
      r.wallets.map((w) => [
        w.customerId,
        {
          balance: new Decimal(w.balance),
          outstandingCredit: new Decimal(w.outstandingCredit),
          creditLimit: new Decimal(w.creditLimit),
        },
      ]),
    );
    return { entryId: r.entryId, wallets, autoCreditRequests: r.autoCreditRequests };
  }

  async function dispatchAutoCredit(requestIds: number[]) {
    for (const id of requestIds) await jobs.send(AUTO_CREDIT_JOB, { id }, { singletonKey: `auto-credit-${id}` });
  }

  /**
   * A sale's entry, the same definition the purchase posts with (`ledger_post_sale`): seller balance −S
   * to the reseller's sales income; with platform stock the reseller's balance −R to the platform's
   * revenue; the pins' cost from the owner's inventory to its cost of sales.
   */
  async function postSale(tx: Tx, sale: SaleEntryInput): Promise<PostedEntry> {
    return posted(
      await repo.postSale(
        {
          sellerId: sale.sellerId,
          resellerId: sale.resellerId,
          platformId: sale.platformId,
          ownerId: sale.ownerId,
          sellerTotal: fixed4(sale.sellerPrice),
          resellerTotal:
            sale.resellerPrice === undefined || sale.resellerPrice === null ? null : fixed4(sale.resellerPrice),
          cost: fixed4(sale.cost),
          createdBy: sale.createdBy,
          reference: sale.reference,
          memo: sale.memo ?? '',
          at: clock.now(),
        },
        tx,
      ),
    );
  }

  /** Credit top-up: the party above advances X; balance +X, outstanding credit +X, within the limit. */
  function creditTopupLines(customerId: number, amount: Decimal): LedgerLineInput[] {
    return [
      { customerId, account: 'balance', amount },
      { customerId, account: 'credit', amount: amount.negated() },
    ];
  }

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

  async function ownCustomer(actor: Actor, customerId: number, tx: Tx = db) {
    const c = await repo.findVisibleCustomer(actor, customerId, tx);
    if (!c) throw notFound('Customer');
    return c;
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
    actor: Actor,
    c: { customer_id: number; amount: string },
    o: { type: 'credit' | 'payment'; method?: string; reference?: string; remarks?: string },
  ) {
    await ownCustomer(actor, c.customer_id, tx);
    const amount = new Decimal(c.amount);
    const lines =
      o.type === 'credit'
        ? creditTopupLines(c.customer_id, amount)
        : await paymentLines(tx, c.customer_id, actor.customerId, amount);
    return postEntry(tx, {
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

  /** The auto-credit job: a credit top-up of the balance top-up amount, less when less room is left. */
  async function settleAutoCredit({ id }: { id: number }) {
    await db.transaction(async (tx) => {
      const request = await repo.claimAutoCreditRequest(id, tx);
      if (!request) return;
      const [w] = await repo.lockWallets([request.customerId], tx);
      const now = clock.now();
      const settle = (status: 'done' | 'skipped', granted: Decimal, reason: string | null, entryId: number | null) =>
        repo.settleAutoCreditRequest(id, { status, granted: fixed4(granted), reason, entryId, at: now }, tx);
      if (!w?.autoCredit || w.balanceTopup === null)
        return settle('skipped', new Decimal(0), 'auto credit is off', null);
      const room = Decimal.max(0, new Decimal(w.creditLimit).minus(w.outstandingCredit));
      const amount = Decimal.min(w.balanceTopup, room).toDecimalPlaces(4, Decimal.ROUND_DOWN);
      if (amount.lte(0)) return settle('skipped', new Decimal(0), CREDIT_LIMIT_EXCEEDED, null);
      const posted = await postEntry(tx, {
        kind: 'auto_credit',
        customerId: request.customerId,
        memo: `Auto credit: balance below ${fixed2(request.trigger)}`,
        lines: creditTopupLines(request.customerId, amount),
      });
      return settle('done', amount, amount.lt(w.balanceTopup) ? 'limited by the credit limit' : null, posted.entryId);
    });
  }

  /** Requests whose dispatch was lost (a crash between commit and send) are sent again. */
  async function sweepAutoCredit() {
    const stale = await repo.findPendingAutoCredit(new Date(clock.now().getTime() - 30_000));
    await dispatchAutoCredit(stale.map((r) => r.id));
  }

  async function updateAutoCredit(actor: Actor, body: UpdateAutoCreditBody) {
    await ownCustomer(actor, body.customer_id);
    await repo.updateAutoCredit(body.customer_id, {
      autoCredit: body.auto_credit,
      balanceTrigger: body.balance_trigger ?? null,
      balanceTopup: body.balance_topup ?? null,
    });
    return getAutoCredit(actor, body.customer_id);
  }

  async function getAutoCredit(actor: Actor, customerId: number) {
    await ownCustomer(actor, customerId);
    const s = await repo.findAutoCreditSettings(customerId);
    return {
      customer_id: customerId,
      auto_credit: s.auto_credit ? 1 : 0,
      balance_trigger: s.balance_trigger === null ? null : fixed2(s.balance_trigger),
      balance_topup: s.balance_topup === null ? null : fixed2(s.balance_topup),
    };
  }

  async function getBalance(actor: Actor): Promise<DynamicBalance> {
    const w = await repo.findWallet(actor.customerId);
    if (!w) throw notFound('Wallet');
    return {
      balance: fixed2(w.balance),
      outstanding_credit: fixed2(w.outstandingCredit),
      credit_limit: fixed2(w.creditLimit),
      currency: 'EUR',
    };
  }

  const pageOf = (q: { page: number; limit?: number }) => {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    return { ...p, offset: offsetOf(p) };
  };
  const filtersOf = (q: MoneyListBody) => ({ ...q.filters, ...pick(q, ['customer_id', 'from', 'to', 'kind']) });

  function lineRow(r: Awaited<ReturnType<CreditRepository['findLines']>>['items'][number]): LedgerRow {
    return {
      ...r,
      created_at: r.created_at.toISOString(),
      amount: fixed2(r.amount),
      balance_after: r.balance_after === null ? null : fixed2(r.balance_after),
    };
  }

  /**
   * The wallet history of the actor's own customer or of one of its customers: every movement of the
   * balance with the balance after it.
   */
  async function findWalletHistory(actor: Actor, q: MoneyListBody) {
    const f = filtersOf(q);
    const customerId = f.customer_id ?? actor.customerId;
    if (customerId !== actor.customerId) await ownCustomer(actor, customerId);
    const p = pageOf(q);
    const filter: LineFilter = { customerId, accounts: ['balance'], kind: f.kind, from: f.from, to: f.to };
    const { items, total } = await repo.findLines(filter, p);
    return { items: items.map(lineRow), total, page: p, applied: { ...f, customer_id: customerId } };
  }

  /** The same history as CSV, oldest first (bounded), for download. */
  async function exportWalletHistory(actor: Actor, q: MoneyListBody) {
    const f = filtersOf(q);
    const customerId = f.customer_id ?? actor.customerId;
    if (customerId !== actor.customerId) await ownCustomer(actor, customerId);
    const rows = await repo.findAllLines(
      { customerId, accounts: ['balance'], kind: f.kind, from: f.from, to: f.to },
      EXPORT_MAX_ROWS,
    );
    const header = [
      'entry_id',
      'created_at',
      'kind',
      'amount',
      'balance_after',
      'method',
      'reference',
      'memo',
      'created_by',
    ];
    const cell = (v: unknown) => {
      const s = v === null || v === undefined ? '' : String(v);
      // Quote every field and neutralise spreadsheet formulas in free text.
      return `"${(/^[=+\-@]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s).replaceAll('"', '""')}"`;
    };
    const lines = rows.map(lineRow).map((r) => header.map((h) => cell(r[h as keyof LedgerRow])).join(','));
    return `${header.join(',')}\n${lines.join('\n')}${lines.length ? '\n' : ''}`;
  }

  /**
   * `/admin/ledger` and the seller's ledger: every line on the actor's own customer's accounts. Staff
   * of a seller (internal_role 1) see only the entries they made themselves.
   */
  async function findOwnLedger(actor: Actor, q: MoneyListBody) {
    if (actor.account_role === ROLE.reseller && actor.flags.has_credit_and_balance !== 1) throw forbidden();
    const f = filtersOf(q);
    const p = pageOf(q);
    const staffOnly = actor.account_role === ROLE.seller && actor.internal_role === 1;
    const { items, total } = await repo.findLines(
      {
        customerId: actor.customerId,
        kind: f.kind,
        from: f.from,
        to: f.to,
        createdBy: staffOnly ? actor.userId : undefined,
      },
      p,
    );
    return { items: items.map(lineRow), total, page: p, applied: pick(f, ['from', 'to', 'kind']) };
  }

  /** `/admin/customer-ledger`: the balance and credit lines of one of the actor's customers. */
  async function findCustomerLedger(actor: Actor, q: MoneyListBody & { customer_id: number }) {
    await ownCustomer(actor, q.customer_id);
    const f = filtersOf(q);
    const p = pageOf(q);
    const { items, total } = await repo.findLines(
      { customerId: q.customer_id, accounts: ['balance', 'credit'], kind: f.kind, from: f.from, to: f.to },
      p,
    );
    return { items: items.map(lineRow), total, page: p, applied: { ...f, customer_id: q.customer_id } };
  }

  async function findCreditLogs(actor: Actor, q: MoneyListBody) {
    const f = filtersOf(q);
    const p = pageOf(q);
    const scope = f.customer_id
      ? (and(visibleCustomers(actor), eq(customers.id, f.customer_id)) as SQL)
      : visibleCustomers(actor);
    const { items, total } = await repo.findCreditLogs(scope, { kind: f.kind, from: f.from, to: f.to }, p);
    const rows: CreditLogRow[] = items.map((r) => ({
      entry_id: r.entry_id,
      created_at: r.created_at.toISOString(),
      kind: r.kind as CreditLogRow['kind'],
      customer_id: r.customer_id,
      customer_name: r.customer_name,
      // A top-up reaches the balance in full; a payment splits between credit settled and balance.
      amount: fixed2(r.kind === 'payment' ? new Decimal(r.to_balance).plus(r.to_credit) : r.to_balance),
      settled_credit: fixed2(r.kind === 'payment' ? r.to_credit : 0),
      method: r.method,
      reference: r.reference,
      memo: r.memo,
      created_by: r.created_by,
    }));
    return { items: rows, total, page: p, applied: f };
  }

  async function findAutoCreditLedger(actor: Actor, q: { page: number; limit?: number; customer_id?: number }) {
    if (q.customer_id) await ownCustomer(actor, q.customer_id);
    const p = pageOf(q);
    const { items, total } = await repo.findAutoCreditLedger(visibleCustomers(actor), q.customer_id, p);
    return {
      items: items.map((r) => ({
        ...r,
        created_at: r.created_at.toISOString(),
        settled_at: r.settled_at?.toISOString() ?? null,
        balance_before: fixed2(r.balance_before),
        balance_trigger: fixed2(r.balance_trigger),
        requested: fixed2(r.requested),
        granted: r.granted === null ? null : fixed2(r.granted),
      })),
      total,
      page: p,
      applied: q.customer_id ? { customer_id: q.customer_id } : {},
    };
  }

  async function searchCustomers(actor: Actor, q: { search_text: string; limit: number }) {
    const rows = await repo.searchCustomers(actor, q.search_text.trim(), q.limit);
    return rows.map((r) => ({
      ...r,
      is_active: r.is_active ? 1 : 0,
      balance: fixed2(r.balance),
      outstanding_credit: fixed2(r.outstanding_credit),
    }));
  }

  jobs.define(AUTO_CREDIT_JOB, settleAutoCredit, { retryLimit: 8 });
  jobs.define(AUTO_CREDIT_SWEEP_JOB, sweepAutoCredit, { retryLimit: 0 });

  return {
    getBalance,
    openWallet: repo.openWallet,
    postEntry,
    postSale,
    dispatchAutoCredit,
    addCredit,
    addCreditToMany,
    settleAutoCredit,
    sweepAutoCredit,
    updateAutoCredit,
    getAutoCredit,
    findWalletHistory,
    exportWalletHistory,
    findOwnLedger,
    findCustomerLedger,
    findCreditLogs,
    findAutoCreditLedger,
    searchCustomers,
  };
}
export type CreditService = ReturnType<typeof createCreditService>;

function pick<T extends object, K extends keyof T>(o: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}
