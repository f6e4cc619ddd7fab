import type { Envelope } from '@portal/contract/envelope';
import type { DtOneBody, InternationalTopupBody, TopupSale, TopupStatus } from '@portal/contract/topup';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { sha256 } from '../../platform/crypto.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { type DtOneClient, DtOneRefusal, type DtOneStatus, DtOneUnreachable } from '../../providers/dtone/client.ts';
import type { AutoCreditService } from '../credit/auto-credit.service.ts';
import type { LedgerService } from '../credit/ledger.service.ts';
import { ownSalesOnly } from '../selling/selling.access.ts';
import type { TransactionKeysService } from '../selling/transaction-keys.service.ts';
import { POLL_TOPUP_JOB } from './topup.jobs.ts';
import { toTopupSale } from './topup.mapper.ts';
import type { ProviderSaleRow, TopupRepository } from './topup.repository.ts';
import { productPricing, type SaleMoney, type TopupDiscounts, topupPrices } from './topup-money.ts';
import { createTopupSettlement, DT_ONE_STATUS_OF } from './topup-settlement.ts';

const PROVIDER = 'dtone';

/**
 * After success DT One can still reverse: a completed top-up is looked at again this many poll intervals
 * later (with the default 5 s: after 1 min, 10 min and 1 h).
 */
export const REVERSAL_WATCH = [12, 120, 720];

/**
 * DT One's external_id for a transaction key: fixed by the key, so a retry (even after the key itself
 * expired) finds the same sale, and DT One refuses a second transaction under it. At most 40 characters.
 */
export const externalIdOf = (transactionKey: string) => `pp${sha256(transactionKey).slice(0, 32)}`;

export interface ProviderOutcome {
  statusName: DtOneStatus;
  id?: number;
  operatorReference?: string | null;
}

/**
 * International top-ups over DT One (decision 0080). Money moves in short database transactions through the
 * ledger core; DT One is called only between them, never with a transaction open, so a slow provider
 * never holds a wallet lock. A sale is pending until DT One says final; an unanswered call leaves it
 * pending for the poll job, never failed.
 */
export function createTopupSalesService(deps: {
  db: Db;
  repo: TopupRepository;
  keys: Pick<TransactionKeysService, 'runOnce'>;
  ledger: Pick<LedgerService, 'postEntry'>;
  credit: Pick<AutoCreditService, 'dispatchAutoCredit'>;
  dtOne: DtOneClient;
  jobs: Pick<Jobs, 'send'>;
  clock: Clock;
  discounts: TopupDiscounts;
  pollMs: number;
  /** Where DT One calls back when a transaction changes (null: polling alone). */
  callbackUrl?: string | null;
  log?: { warn(o: object, m: string): void };
}) {
  const { db, repo, keys, credit, dtOne, jobs, clock, discounts, pollMs } = deps;
  const { reserve, settle } = createTopupSettlement({
    db,
    repo,
    ledger: deps.ledger,
    clock,
    provider: PROVIDER,
    statusOf: (s) => DT_ONE_STATUS_OF[s as DtOneStatus],
  });

  async function ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof DtOneUnreachable) throw new AppError('provider_unavailable', 'DT One did not answer');
      throw err;
    }
  }

  /** `/international_top_up_transaction/`: reserve the money under the key, then send and confirm at DT One. */
  async function send(actor: Actor, body: InternationalTopupBody): Promise<{ status: number; answer: Envelope }> {
    const product = await ask(() => dtOne.getProduct(body.product_id));
    const priced = product ? productPricing(product) : null;
    if (!product || !priced) {
      throw new AppError('provider_product_unavailable', 'This top-up is not offered any more');
    }
    const externalId = externalIdOf(body.transaction_key);
    let sentSaleId: number | undefined;
    let autoCreditRequests: number[] = [];
    const request = { kind: 'international_top_up', product_id: body.product_id, mobile_number: body.mobile_number };
    const r = await keys.runOnce(
      actor,
      body.transaction_key,
      request,
      async (tx) => {
        const chain = await repo.findShopChain(actor.customerId, tx);
        if (!chain) throw notFound('Shop');
        const prices = topupPrices(priced.retail, discounts, chain.resellerId === chain.platformId);
        // The platform sells at R (or S): a price below DT One's cost would sell at a loss.
        if ((prices.resellerPrice ?? prices.sellerPrice).lt(priced.cost)) {
          throw new AppError('provider_product_unavailable', 'This top-up is not offered any more');
        }
        const money: SaleMoney = {
          customerId: actor.customerId,
          resellerId: chain.resellerId,
          platformId: chain.platformId,
          sellerPrice: prices.sellerPrice,
          resellerPrice: prices.resellerPrice,
          providerCost: priced.cost,
        };
        const now = clock.now();
        const entry = await reserve(tx, money, {
          createdBy: actor.userId,
          reference: `${PROVIDER}:${externalId}`,
          memo: `${product.name} → ${body.mobile_number}`,
        });
        const sale = await repo.insert(
          {
            provider: PROVIDER,
            externalId,
            customerId: actor.customerId,
            resellerId: chain.resellerId,
            platformId: chain.platformId,
            soldBy: actor.userId,
            productId: product.id,
            productName: product.name,
            operatorId: product.operator.id,
            operatorName: product.operator.name,
            countryIsoCode: product.operator.country.iso_code,
            mobileNumber: body.mobile_number,
            faceValue: priced.faceValue,
            faceCurrency: priced.faceCurrency,
            retailPrice: priced.retail.toFixed(4),
            sellerPrice: prices.sellerPrice.toFixed(4),
            resellerPrice: prices.resellerPrice?.toFixed(4) ?? null,
            providerCost: priced.cost.toFixed(4),
            status: 'pending',
            reservationEntryId: entry.entryId,
            createdAt: now,
            updatedAt: now,
          },
          tx,
        );
        sentSaleId = sale.id;
        autoCreditRequests = entry.autoCreditRequests;
        return { status: 200, answer: ok(null), stored: { sale_id: sale.id } };
      },
      async (stored: { sale_id: number }, status) => ({ status, answer: ok(await view(actor, stored.sale_id)) }),
    );
    if (sentSaleId === undefined) return r;
    // After commit: the reservation is kept whatever DT One answers from here on.
    if (autoCreditRequests.length) await credit.dispatchAutoCredit(autoCreditRequests);
    await advance(sentSaleId, { followUp: true });
    return { status: 200, answer: ok(await view(actor, sentSaleId)) };
  }

  /**
   * One step of a sale towards its final status, as far as DT One's answers take it: create the DT One
   * transaction if no answer to its creation was recorded (the external_id makes this safe to repeat),
   * confirm it while CREATED, read the status, move the money. Anything unanswered is left for the next
   * poll. Never called with a database transaction open.
   */
  async function advance(
    saleId: number,
    opts: { watch?: number; followUp?: boolean } = {},
  ): Promise<TopupStatus | undefined> {
    const sale = await repo.findById(saleId);
    if (!sale) return undefined;
    if (sale.status === 'failed' || sale.status === 'refunded') return sale.status;
    let status: TopupStatus = sale.status;
    // A successful sale is asked again only by the reversal watch (it may have completed through a status call).
    if (sale.status === 'pending' || opts.watch !== undefined) status = await askProvider(sale);
    // One chain of poll jobs per sale: only the send and the chain's own job queue the next look.
    if (!opts.followUp) return status;
    if (status === 'pending') await schedule(saleId, pollMs);
    else if (status === 'successful') {
      const next = opts.watch === undefined ? 0 : opts.watch + 1;
      const intervals = REVERSAL_WATCH[next];
      if (intervals !== undefined) await schedule(saleId, pollMs * intervals, next);
    }
    return status;
  }

  async function askProvider(sale: ProviderSaleRow): Promise<TopupStatus> {
    let status: TopupStatus = sale.status;
    try {
      let t = sale.providerTransactionId
        ? await dtOne.getTransaction(sale.providerTransactionId)
        : await createAtProvider(sale);
      if (t) status = await settle(sale.id, t);
      if (t?.statusName === 'CREATED' && status === 'pending') {
        t = await confirmAtProvider(t.id);
        if (t) status = await settle(sale.id, t);
      }
    } catch (err) {
      if (!(err instanceof DtOneUnreachable)) throw err;
      deps.log?.warn({ saleId: sale.id, err: err.message }, 'DT One did not answer; the top-up stays pending');
    }
    return status;
  }

  async function createAtProvider(sale: ProviderSaleRow) {
    const found = await dtOne.findByExternalId(sale.externalId);
    if (found) return found;
    try {
      return await dtOne.createTransaction({
        externalId: sale.externalId,
        productId: sale.productId,
        mobileNumber: sale.mobileNumber,
        ...(deps.callbackUrl ? { callbackUrl: deps.callbackUrl } : {}),
      });
    } catch (err) {
      if (!(err instanceof DtOneRefusal)) throw err;
      // A concurrent step created it first.
      if (err.httpStatus === 409) return dtOne.findByExternalId(sale.externalId);
      // Refused outright: no transaction exists at DT One, so nothing was sent.
      return { statusName: 'REJECTED' as const, id: undefined, operator_reference: null };
    }
  }

  async function confirmAtProvider(id: number) {
    try {
      return await dtOne.confirmTransaction(id);
    } catch (err) {
      // Already confirmed by another step, or no longer confirmable: DT One's status says which.
      if (err instanceof DtOneRefusal && err.httpStatus < 500) return dtOne.getTransaction(id);
      throw err;
    }
  }

  async function schedule(saleId: number, ms: number, watch?: number) {
    await jobs.send(POLL_TOPUP_JOB, watch === undefined ? { saleId } : { saleId, watch }, {
      startAfter: new Date(Date.now() + ms),
    });
  }

  async function ownSale(actor: Actor, transactionKey: string | undefined) {
    if (!transactionKey) {
      throw validationError([{ field: 'transaction_key', rule: 'required', message: 'transaction_key: required' }]);
    }
    const sale = await repo.findOwn(PROVIDER, externalIdOf(transactionKey), actor.customerId);
    return visible(actor, sale);
  }

  /** The shop's own top-up, and for staff and web support only their own. */
  function visible<T extends ProviderSaleRow>(actor: Actor, sale: T | undefined): T {
    if (!sale || sale.provider !== PROVIDER || sale.customerId !== actor.customerId) throw notFound('Top-up');
    if (ownSalesOnly(actor) && sale.soldBy !== actor.userId) throw notFound('Top-up');
    return sale;
  }

  async function view(actor: Actor, saleId: number): Promise<TopupSale> {
    const sale = await repo.findWithUser(saleId);
    if (!sale) throw notFound('Top-up');
    return toTopupSale(sale, await pricesMasked(repo, actor));
  }

  /** `/dt_one/` configuration 6: confirm a top-up sent under this key (again, if its confirm went unanswered). */
  async function confirm(actor: Actor, body: DtOneBody): Promise<{ sale: TopupSale }> {
    const sale = await ownSale(actor, body.transaction_key);
    if (sale.status === 'pending') await advance(sale.id);
    return { sale: await view(actor, sale.id) };
  }

  /** `/dt_one/` configuration 41: the top-up's status, asked of DT One while it is pending. */
  async function status(actor: Actor, body: DtOneBody): Promise<{ sale: TopupSale }> {
    const sale = await ownSale(actor, body.transaction_key);
    if (sale.status === 'pending') await advance(sale.id);
    return { sale: await view(actor, sale.id) };
  }

  /** A top-up by its id (the partner API's `GET /topups/{topup_id}`), asked of DT One while pending. */
  async function statusById(actor: Actor, saleId: number): Promise<TopupSale> {
    const sale = visible(actor, await repo.findById(saleId));
    if (sale.status === 'pending') await advance(sale.id);
    return view(actor, sale.id);
  }

  /** The sweep: every pending sale one step further (after a restart, jobs lost with it are made good here). */
  async function advancePending() {
    for (const id of await repo.findPendingIds(PROVIDER, 200)) await advance(id);
  }

  return { send, confirm, status, statusById, advance, advancePending, settle };
}
export type TopupSalesService = ReturnType<typeof createTopupSalesService>;

/** Staff of a shop that masks its discount see the retail price only, never what the shop paid. */
export async function pricesMasked(repo: Pick<TopupRepository, 'findMaskSellerDiscount'>, actor: Actor) {
  return actor.internal_role === 1 && (await repo.findMaskSellerDiscount(actor.customerId));
}
