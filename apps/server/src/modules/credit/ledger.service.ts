import { Decimal } from 'decimal.js';
import type { Tx } from '../../db/connect.ts';
import type { EntryKind, LedgerAccount } from '../../db/schema/credit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { CreditRepository, PostingResult } from './credit.repository.ts';

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

const fixed4 = (v: Decimal.Value) => new Decimal(v).toFixed(4);

/** Credit top-up: the party above advances X; balance +X, outstanding credit +X, within the limit. */
export function creditTopupLines(customerId: number, amount: Decimal): LedgerLineInput[] {
  return [
    { customerId, account: 'balance', amount },
    { customerId, account: 'credit', amount: amount.negated() },
  ];
}

/**
 * The ledger core: every movement of money is one balanced journal entry posted through the database's
 * one posting definition, which also detects the auto-credit crossings.
 */
export function createLedgerService(deps: {
  repo: Pick<CreditRepository, 'postEntry' | 'postSale' | 'openWallet'>;
  clock: Clock;
}) {
  const { repo, clock } = deps;

  /**
   * Posts one balanced journal entry inside the caller's transaction through the database's one posting
   * definition (`ledger_post`): wallets locked in ascending customer_id order (DOMAIN.md; a slotted
   * balance's one slot or all its slots, decision 0040), checked, then the entry, its lines and the wallet
   * values written. Refuses with 409
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

  return { postEntry, postSale, openWallet: repo.openWallet };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
