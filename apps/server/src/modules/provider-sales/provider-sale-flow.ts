import type { Envelope } from '@portal/contract/envelope';
import type { TopupSale, TopupStatus } from '@portal/contract/topup';
import { Decimal } from 'decimal.js';
import type { Db, Tx } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { sha256 } from '../../platform/crypto.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { JobDef, Jobs } from '../../platform/jobs.ts';
import type { AutoCreditService } from '../credit/auto-credit.service.ts';
import type { LedgerService } from '../credit/ledger.service.ts';
import { ownSalesOnly } from '../selling/selling.access.ts';
import type { TransactionKeysService } from '../selling/transaction-keys.service.ts';
import type { SaleMoney, TopupDiscounts } from './provider-sale-money.ts';
import { createProviderSaleSettlement, type FinalHook, type ProviderAnswer } from './provider-sale-settlement.ts';
import type { providerSalePoll } from './provider-sales.job-defs.ts';
import { toTopupSale } from './provider-sales.mapper.ts';
import type { NewProviderSale, ProviderSaleRow, ProviderSalesRepository } from './provider-sales.repository.ts';

/**
 * After success a provider can still reverse: a successful sale is looked at again this many poll intervals
 * later (with the default 5 s: after 1 min, 10 min and 1 h).
 */
const REVERSAL_WATCH = [12, 120, 720];

/**
 * The provider's external_id for a transaction key: fixed by the key, so a retry (even after the key itself
 * expired) finds the same sale, and the provider refuses a second one under it. At most 40 characters.
 */
export const externalIdOf = (transactionKey: string) => `pp${sha256(transactionKey).slice(0, 32)}`;

/** What a sale records of the provider's product, fixed when it is sent. */
export type SaleFacts = Pick<
  NewProviderSale,
  | 'productId'
  | 'productName'
  | 'operatorId'
  | 'operatorName'
  | 'countryIsoCode'
  | 'mobileNumber'
  | 'faceValue'
  | 'faceCurrency'
  | 'retailPrice'
>;

/** A sale's prices and facts; a provider may also write its own rows in the sale's transaction (bus bookings). */
type Prepared = { money: Omit<SaleMoney, 'customerId' | 'resellerId' | 'platformId'>; facts: SaleFacts };

/** The shop's place in the chain, as the reservation needs it. */
export type ShopChain = NonNullable<Awaited<ReturnType<ProviderSalesRepository['findShopChain']>>>;

/** A provider's discounts for the shop of a chain (decision 0107); no chain: a shop under the platform's. */
export type DiscountsOf = (chain: ShopChain | undefined, tx?: Tx) => Promise<TopupDiscounts>;

/** What the flow of every provider is made with: the database, the ledger core and the poll job's timing. */
export type ProviderSaleDeps = {
  db: Db;
  repo: ProviderSalesRepository;
  keys: Pick<TransactionKeysService, 'runOnce'>;
  ledger: Pick<LedgerService, 'postEntry'>;
  credit: Pick<AutoCreditService, 'dispatchAutoCredit'>;
  jobs: Pick<Jobs, 'send'>;
  clock: Clock;
  pollMs: number;
  log?: { warn(o: object, m: string): void };
  /**
   * After a sale refused for `reseller_insufficient_balance`, outside its transaction: the reseller's low-balance
   * notice is raised at once (decision 0099), one per fall however many refusals.
   */
  onResellerShort?: () => Promise<void>;
};

/**
 * One step of a provider: asks about the sale (creating it at the provider if need be) and settles what it hears.
 * `first` is the step right after the sale was reserved (nothing was sent before it). `held`: the sale now waits
 * for the superadmin (decision 0080), no poll follows.
 */
export type ProviderStep = (
  sale: ProviderSaleRow,
  settle: (answer: ProviderAnswer) => Promise<TopupStatus>,
  ctx: { first: boolean },
) => Promise<TopupStatus | 'held'>;

/**
 * A provider sale from the key to its final status, the same for every provider (decisions 0080 and 0101): the
 * reservation and the sale row under the transaction key in one short transaction, the provider asked only with no
 * transaction open, an unanswered call left pending for the poll job (never failed), every later status moving the
 * money once through the settlement. The provider itself is `step`: how to create, confirm and read a sale there.
 */
export function createProviderSaleFlow(
  deps: ProviderSaleDeps & {
    provider: string;
    /** The provider's own status names as the spec's results. */
    statusOf: (providerStatus: string) => TopupStatus;
    /** The job that asks again about one sale. */
    pollJob: JobDef<typeof providerSalePoll>;
    step: ProviderStep;
    /** An error that means the provider did not answer: the sale stays pending. */
    unreachable: (err: unknown) => boolean;
    /** How the sale is named in a 404 ("Top-up", "Recharge"). */
    noun: string;
    onFinal?: FinalHook;
    /** The sale's money went back another way before a reversal (provider-sale-settlement.ts): no second refund. */
    refundedElsewhere?: (saleId: number, tx: Tx) => Promise<boolean>;
    log?: { warn(o: object, m: string): void };
  },
) {
  const { db, repo, keys, credit, jobs, clock, pollMs, provider, noun } = deps;
  const { reserve, settle, failHeld, reserveOffer } = createProviderSaleSettlement({
    db,
    repo,
    ledger: deps.ledger,
    clock,
    provider,
    statusOf: deps.statusOf,
    onFinal: deps.onFinal,
    refundedElsewhere: deps.refundedElsewhere,
  });

  /**
   * Reserves the money and records the sale under the key, then (after commit) sends it. `prepare` prices it in the
   * transaction and refuses by throwing; the same key again answers the same sale and charges nothing.
   */
  async function sell(
    actor: Actor,
    transactionKey: string,
    request: object,
    prepare: (chain: ShopChain, tx: Tx) => Prepared | Promise<Prepared>,
    /**
     * An offer (decision 0080, "Offers"): the sale is recorded and created at the provider without its confirmation,
     * nothing reserved; `offer.confirm` reserves and confirms it later, `offer.reject` or its expiry cancels it.
     */
    opts: { offerFor?: number } = {},
  ): Promise<{ status: number; answer: Envelope }> {
    const externalId = externalIdOf(transactionKey);
    let sentSaleId: number | undefined;
    let autoCreditRequests: number[] = [];
    const r = await keys.runOnce(
      actor,
      transactionKey,
      request,
      async (tx: Tx) => {
        const chain = await repo.findShopChain(actor.customerId, tx);
        if (!chain) throw notFound('Shop');
        const { money: prices, facts } = await prepare(chain, tx);
        const money: SaleMoney = {
          customerId: actor.customerId,
          resellerId: chain.resellerId,
          platformId: chain.platformId,
          ...prices,
        };
        const entry =
          opts.offerFor === undefined
            ? await reserve(tx, money, {
                createdBy: actor.userId,
                reference: `${provider}:${externalId}`,
                memo: `${facts.productName} → ${facts.mobileNumber}`,
              })
            : null;
        const now = clock.now();
        const sale = await repo.insert(
          {
            ...facts,
            provider,
            externalId,
            customerId: actor.customerId,
            resellerId: chain.resellerId,
            platformId: chain.platformId,
            soldBy: actor.userId,
            sellerPrice: new Decimal(money.sellerPrice).toFixed(4),
            resellerPrice: money.resellerPrice === null ? null : new Decimal(money.resellerPrice).toFixed(4),
            providerCost: new Decimal(money.providerCost).toFixed(4),
            status: 'pending',
            reservationEntryId: entry?.entryId ?? null,
            // Until the provider says when (DT One's confirmation_expiration_date), the offer's own limit.
            ...(opts.offerFor === undefined
              ? {}
              : { offerState: 'offered' as const, offerExpiresAt: new Date(now.getTime() + opts.offerFor) }),
            createdAt: now,
            updatedAt: now,
          },
          tx,
        );
        sentSaleId = sale.id;
        autoCreditRequests = entry?.autoCreditRequests ?? [];
        return { status: 200, answer: ok(null), stored: { sale_id: sale.id } };
      },
      async (stored: { sale_id: number }, status) => ({ status, answer: ok(await view(actor, stored.sale_id)) }),
    );
    if (sentSaleId === undefined) {
      if ((r.answer as { code?: string }).code === 'reseller_insufficient_balance') await deps.onResellerShort?.();
      return r;
    }
    // After commit: the reservation is kept whatever the provider answers from here on.
    if (autoCreditRequests.length) await credit.dispatchAutoCredit(autoCreditRequests);
    await advance(sentSaleId, { followUp: true, first: true });
    return { status: 200, answer: ok(await view(actor, sentSaleId)) };
  }

  /**
   * One step of a sale towards its final status, as far as the provider's answers take it. Never called with a
   * database transaction open. With `followUp` (the send and the poll job's own chain) it queues the next look:
   * one chain of poll jobs per sale.
   */
  async function advance(
    saleId: number,
    opts: { watch?: number; followUp?: boolean; first?: boolean } = {},
  ): Promise<TopupStatus | undefined> {
    const sale = await repo.findById(saleId);
    if (!sale) return undefined;
    if (sale.status === 'failed' || sale.status === 'refunded') return sale.status;
    // Held for the superadmin (the provider holds another transaction under its external_id): no step can settle
    // it; the superadmin settles it with the provider's support, whose answer then arrives as a status.
    if (sale.holdReason !== null) return sale.status;
    let status: TopupStatus = sale.status;
    // A successful sale is asked again only by the reversal watch.
    if (sale.status === 'pending' || opts.watch !== undefined) {
      const asked = await ask(sale, opts.first === true);
      if (asked === 'held') return 'pending';
      status = asked;
    }
    if (!opts.followUp) return status;
    // An open offer waits for the shop, not for the provider: the sweeps look after it (its create, its expiry).
    if (status === 'pending' && sale.offerState !== 'offered') await schedule(saleId, pollMs);
    else if (status === 'successful') {
      const next = opts.watch === undefined ? 0 : opts.watch + 1;
      const intervals = REVERSAL_WATCH[next];
      if (intervals !== undefined) await schedule(saleId, pollMs * intervals, next);
    }
    return status;
  }

  async function ask(sale: ProviderSaleRow, first: boolean): Promise<TopupStatus | 'held'> {
    try {
      return await deps.step(sale, (answer) => settle(sale.id, answer), { first });
    } catch (err) {
      if (!deps.unreachable(err)) throw err;
      deps.log?.warn(
        { saleId: sale.id, provider, err: (err as Error).message },
        'The provider did not answer; the sale stays pending',
      );
      // What was settled before the provider went quiet stands.
      return (await repo.findById(sale.id))?.status ?? sale.status;
    }
  }

  async function schedule(saleId: number, ms: number, watch?: number) {
    await jobs.send(deps.pollJob, watch === undefined ? { saleId } : { saleId, watch }, {
      startAfter: new Date(Date.now() + ms),
    });
  }

  /** The shop's own sale of this provider; staff and web support only their own. Anything else is a 404. */
  function visible<T extends ProviderSaleRow>(actor: Actor, sale: T | undefined): T {
    if (!sale || sale.provider !== provider || sale.customerId !== actor.customerId) throw notFound(noun);
    if (ownSalesOnly(actor) && sale.soldBy !== actor.userId) throw notFound(noun);
    return sale;
  }

  /** A sale already shown to be the actor's, asked of the provider while pending. */
  async function checkSale(actor: Actor, sale: ProviderSaleRow): Promise<TopupSale> {
    if (sale.status === 'pending') await advance(sale.id);
    return view(actor, sale.id);
  }

  /** A sale by id for its shop, asked of the provider while pending; answers the sale as it was read (its id). */
  async function refresh(actor: Actor, saleId: number): Promise<ProviderSaleRow> {
    const sale = visible(actor, await repo.findById(saleId));
    if (sale.status === 'pending') await advance(sale.id);
    return sale;
  }

  /** A sale by id for its shop, asked of the provider while pending. */
  async function check(actor: Actor, saleId: number): Promise<TopupSale> {
    return view(actor, (await refresh(actor, saleId)).id);
  }

  async function view(actor: Actor, saleId: number): Promise<TopupSale> {
    const sale = await repo.findWithUser(saleId);
    if (!sale) throw notFound(noun);
    return toTopupSale(sale, await pricesMasked(repo, actor));
  }

  /** The sweep: every pending sale one step further (after a restart, jobs lost with it are made good here). */
  async function advancePending() {
    for (const id of await repo.findPendingIds(provider, 200)) await advance(id);
  }

  /**
   * Confirms an offer: the money reserved (committed) first, then the provider asked to confirm, its answers
   * settled as any sale's (decision 0080, "Offers"). A second confirm reserves nothing and asks again while pending.
   */
  async function confirmOffer(actor: Actor, saleId: number): Promise<void> {
    const r = await reserveOffer(saleId, actor.userId, clock.now()).catch(async (err: unknown) => {
      // As after a refused one-call sale: the reseller's low-balance notice at once, outside the transaction.
      if (err instanceof AppError && err.code === 'reseller_insufficient_balance') await deps.onResellerShort?.();
      throw err;
    });
    if (r.autoCreditRequests.length) await credit.dispatchAutoCredit(r.autoCreditRequests);
    await advance(saleId, { followUp: true });
  }

  /**
   * Rejects an open offer (the shop) or lets it expire (the sweep): from then on the provider is only asked to cancel
   * it, and it ends failed with no money entry. An offer already rejected or expired is asked about again.
   */
  async function closeOffer(saleId: number, state: 'rejected' | 'expired'): Promise<void> {
    await repo.closeOffer(saleId, state, clock.now());
    await advance(saleId, { followUp: true });
  }

  /** The expiry sweep: every open offer past its expiry closed and cancelled at the provider. */
  async function expireOffers() {
    for (const id of await repo.findExpiredOffers(provider, clock.now(), 200)) await closeOffer(id, 'expired');
  }

  return {
    sell,
    advance,
    advancePending,
    settle,
    failHeld,
    reserveOffer,
    confirmOffer,
    closeOffer,
    expireOffers,
    visible,
    refresh,
    check,
    checkSale,
    view,
  };
}
export type ProviderSaleFlow = ReturnType<typeof createProviderSaleFlow>;

/** Staff of a shop that masks its discount see the retail price only, never what the shop paid. */
export async function pricesMasked(repo: Pick<ProviderSalesRepository, 'findMaskSellerDiscount'>, actor: Actor) {
  return actor.internal_role === 1 && (await repo.findMaskSellerDiscount(actor.customerId));
}
