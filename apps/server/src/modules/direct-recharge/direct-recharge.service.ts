import type {
  DirectRechargeBody,
  DirectRechargeCatalogue,
  DirectRechargeHistoryQuery,
  DirectRechargeOperator,
} from '@portal/contract/direct-recharge';
import type { Envelope } from '@portal/contract/envelope';
import { LIMITS } from '@portal/contract/limits';
import type { TopupSale, TopupStatus } from '@portal/contract/topup';
import { Decimal } from 'decimal.js';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { offsetOf, ok, page } from '../../platform/envelope.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import {
  type DirectRecharge,
  type DirectRechargeClient,
  type DirectRechargeProduct,
  DirectRechargeRefusal,
  type DirectRechargeStatus,
  DirectRechargeUnreachable,
} from '../../providers/direct-recharge/client.ts';
import type { AutoCreditService } from '../credit/auto-credit.service.ts';
import type { LedgerService } from '../credit/ledger.service.ts';
import { ownSalesOnly } from '../selling/selling.access.ts';
import type { TransactionKeysService } from '../selling/transaction-keys.service.ts';
import { toTopupSale } from '../topup/topup.mapper.ts';
import type { ProviderSaleRow, TopupRepository } from '../topup/topup.repository.ts';
import { type SaleMoney, type TopupDiscounts, topupPrices } from '../topup/topup-money.ts';
import { externalIdOf, pricesMasked, REVERSAL_WATCH } from '../topup/topup-sales.service.ts';
import { createTopupSettlement } from '../topup/topup-settlement.ts';
import { POLL_DIRECT_RECHARGE_JOB } from './direct-recharge.jobs.ts';

export const PROVIDER = 'direct_recharge';

/**
 * The generic API's statuses as the spec's results. `REJECTED` is the portal's own: the provider refused the
 * recharge request outright, so no recharge exists and nothing was sent.
 */
const STATUS_OF: Record<DirectRechargeStatus | 'REJECTED', TopupStatus> = {
  ACCEPTED: 'pending',
  PROCESSING: 'pending',
  SUCCESS: 'successful',
  FAILED: 'failed',
  REJECTED: 'failed',
  REVERSED: 'refunded',
};

type Answered = Pick<DirectRecharge, 'operator_reference'> & { status: DirectRechargeStatus | 'REJECTED' };

/**
 * Direct recharge through the generic recharge provider (decision 0101), sold and settled like an international
 * top-up: the reservation under the transaction key in one short transaction, the provider called only with no
 * transaction open, every later status moving the money once through the same settlement.
 */
export function createDirectRechargeService(deps: {
  db: Db;
  repo: TopupRepository;
  keys: Pick<TransactionKeysService, 'runOnce'>;
  ledger: Pick<LedgerService, 'postEntry'>;
  credit: Pick<AutoCreditService, 'dispatchAutoCredit'>;
  provider: DirectRechargeClient;
  jobs: Pick<Jobs, 'send'>;
  clock: Clock;
  discounts: TopupDiscounts;
  pollMs: number;
  log?: { warn(o: object, m: string): void };
}) {
  const { db, repo, keys, credit, provider, jobs, clock, discounts, pollMs } = deps;
  const { reserve, settle } = createTopupSettlement({
    db,
    repo,
    ledger: deps.ledger,
    clock,
    provider: PROVIDER,
    statusOf: (s) => STATUS_OF[s as DirectRechargeStatus],
  });

  async function ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof DirectRechargeUnreachable) {
        throw new AppError('provider_unavailable', 'The recharge provider did not answer');
      }
      throw err;
    }
  }

  /** The shop's prices of a product, or null when the platform would sell below the provider's cost. */
  function pricesOf(p: DirectRechargeProduct, underPlatform: boolean) {
    const prices = topupPrices(p.retail_price, discounts, underPlatform);
    return (prices.resellerPrice ?? prices.sellerPrice).lt(p.wholesale_price) ? null : prices;
  }

  /** `GET /get_direct_recharge_products_with_dr_and_cc/`: the operators and what the shop can sell of each. */
  async function catalogue(actor: Actor): Promise<DirectRechargeCatalogue> {
    const products = await ask(() => provider.listProducts());
    const chain = await repo.findShopChain(actor.customerId);
    const underPlatform = chain ? chain.resellerId === chain.platformId : true;
    const masked = actor.internal_role === 1 && chain?.maskSellerDiscount === true;
    const operators = new Map<number, DirectRechargeOperator>();
    for (const p of products) {
      const prices = pricesOf(p, underPlatform);
      if (!prices) continue;
      const o = operators.get(p.operator.id) ?? { id: p.operator.id, name: p.operator.name, products: [] };
      o.products.push({
        id: p.id,
        name: p.name,
        face_value: new Decimal(p.face_value).toFixed(2),
        currency: p.currency,
        retail_price: new Decimal(p.retail_price).toFixed(2),
        price: masked ? null : prices.sellerPrice.toFixed(2),
      });
      operators.set(o.id, o);
    }
    return { operators: [...operators.values()] };
  }

  /** `/direct_recharge_with_mobile_with_dr_and_cc/`: reserve the money under the key, then send the recharge. */
  async function send(actor: Actor, body: DirectRechargeBody): Promise<{ status: number; answer: Envelope }> {
    const product = await ask(() => provider.getProduct(body.product_id));
    const unavailable = () => new AppError('provider_product_unavailable', 'This recharge is not offered any more');
    if (!product) throw unavailable();
    const externalId = externalIdOf(body.transaction_key);
    let sentSaleId: number | undefined;
    let autoCreditRequests: number[] = [];
    const request = { kind: 'direct_recharge', product_id: body.product_id, mobile_number: body.mobile_number };
    const r = await keys.runOnce(
      actor,
      body.transaction_key,
      request,
      async (tx) => {
        const chain = await repo.findShopChain(actor.customerId, tx);
        if (!chain) throw notFound('Shop');
        const prices = pricesOf(product, chain.resellerId === chain.platformId);
        if (!prices) throw unavailable();
        const money: SaleMoney = {
          customerId: actor.customerId,
          resellerId: chain.resellerId,
          platformId: chain.platformId,
          sellerPrice: prices.sellerPrice,
          resellerPrice: prices.resellerPrice,
          providerCost: product.wholesale_price,
        };
        const entry = await reserve(tx, money, {
          createdBy: actor.userId,
          reference: `${PROVIDER}:${externalId}`,
          memo: `${product.name} → ${body.mobile_number}`,
        });
        const now = clock.now();
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
            countryIsoCode: product.operator.country_iso_code,
            mobileNumber: body.mobile_number,
            faceValue: product.face_value,
            faceCurrency: product.currency,
            retailPrice: new Decimal(product.retail_price).toFixed(4),
            sellerPrice: prices.sellerPrice.toFixed(4),
            resellerPrice: prices.resellerPrice?.toFixed(4) ?? null,
            providerCost: new Decimal(product.wholesale_price).toFixed(4),
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
    // After commit: the reservation stands whatever the provider answers from here on.
    if (autoCreditRequests.length) await credit.dispatchAutoCredit(autoCreditRequests);
    await advance(sentSaleId, { followUp: true });
    return { status: 200, answer: ok(await view(actor, sentSaleId)) };
  }

  /**
   * One step of a sale towards its final status: send the recharge if no answer to it was recorded (the
   * external_id makes a repeat safe), else read its status, and move the money. Never called with a database
   * transaction open; an unanswered call leaves the sale pending for the next look.
   */
  async function advance(saleId: number, opts: { watch?: number; followUp?: boolean } = {}) {
    const sale = await repo.findById(saleId);
    if (!sale) return undefined;
    if (sale.status === 'failed' || sale.status === 'refunded') return sale.status;
    let status: TopupStatus = sale.status;
    if (sale.status === 'pending' || opts.watch !== undefined) status = await askProvider(sale);
    if (!opts.followUp) return status;
    if (status === 'pending') await schedule(saleId, pollMs);
    else if (status === 'successful') {
      // An operator can still reverse a successful recharge: it is looked at again later (decision 0080).
      const next = opts.watch === undefined ? 0 : opts.watch + 1;
      const intervals = REVERSAL_WATCH[next];
      if (intervals !== undefined) await schedule(saleId, pollMs * intervals, next);
    }
    return status;
  }

  async function askProvider(sale: ProviderSaleRow): Promise<TopupStatus> {
    try {
      const answer =
        sale.providerStatus === null ? await sendToProvider(sale) : await provider.getRecharge(sale.externalId);
      if (!answer) return sale.status;
      return await settle(sale.id, { statusName: answer.status, operator_reference: answer.operator_reference });
    } catch (err) {
      if (!(err instanceof DirectRechargeUnreachable)) throw err;
      deps.log?.warn(
        { saleId: sale.id, err: err.message },
        'The recharge provider did not answer; the sale stays pending',
      );
      return sale.status;
    }
  }

  async function sendToProvider(sale: ProviderSaleRow): Promise<Answered | null> {
    // A send whose answer was lost may have arrived: ask before sending again.
    const found = await provider.getRecharge(sale.externalId);
    if (found) return found;
    try {
      return await provider.createRecharge({
        externalId: sale.externalId,
        productId: sale.productId,
        mobileNumber: sale.mobileNumber,
      });
    } catch (err) {
      if (!(err instanceof DirectRechargeRefusal)) throw err;
      // A concurrent step sent it first.
      if (err.httpStatus === 409) return provider.getRecharge(sale.externalId);
      return { status: 'REJECTED', operator_reference: null };
    }
  }

  async function schedule(saleId: number, ms: number, watch?: number) {
    await jobs.send(POLL_DIRECT_RECHARGE_JOB, watch === undefined ? { saleId } : { saleId, watch }, {
      startAfter: new Date(Date.now() + ms),
    });
  }

  /** The shop's own recharge; staff and web support only their own. */
  async function ownSale(actor: Actor, saleId: number) {
    const sale = await repo.findById(saleId);
    const mine =
      sale?.provider === PROVIDER &&
      sale.customerId === actor.customerId &&
      (!ownSalesOnly(actor) || sale.soldBy === actor.userId);
    if (!sale || !mine) throw notFound('Recharge');
    return sale;
  }

  async function view(actor: Actor, saleId: number): Promise<TopupSale> {
    const sale = await repo.findWithUser(saleId);
    if (!sale) throw notFound('Recharge');
    return toTopupSale(sale, await pricesMasked(repo, actor));
  }

  /** `/check_direct_recharge_transaction/`: the recharge, asked of the provider while it is pending. */
  async function check(actor: Actor, saleId: number): Promise<TopupSale> {
    const sale = await ownSale(actor, saleId);
    if (sale.status === 'pending') await advance(sale.id);
    return view(actor, sale.id);
  }

  /** `/get_direct_recharge_history/`: the shop's recharges, newest first; staff and web support see their own. */
  async function history(actor: Actor, q: DirectRechargeHistoryQuery) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const { items, total } = await repo.findPage(
      {
        provider: PROVIDER,
        customerId: actor.customerId,
        userId: ownSalesOnly(actor) ? actor.userId : undefined,
        status: q.status,
      },
      { limit: p.limit, offset: offsetOf(p) },
    );
    const m = await pricesMasked(repo, actor);
    const recharges = items.map((s) => toTopupSale(s, m));
    return page('recharges', recharges, total, p, q.status ? { status: q.status } : {});
  }

  /** The sweep: every pending recharge one step further (a restart's lost jobs are made good here). */
  async function advancePending() {
    for (const id of await repo.findPendingIds(PROVIDER, 200)) await advance(id);
  }

  return { catalogue, send, advance, advancePending, check, history };
}
export type DirectRechargeService = ReturnType<typeof createDirectRechargeService>;
