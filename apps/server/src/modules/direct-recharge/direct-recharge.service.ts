import type {
  DirectRechargeBody,
  DirectRechargeCatalogue,
  DirectRechargeHistoryQuery,
  DirectRechargeOperator,
} from '@portal/contract/direct-recharge';
import type { Envelope } from '@portal/contract/envelope';
import { LIMITS } from '@portal/contract/limits';
import type { TopupStatus } from '@portal/contract/topup';
import { Decimal } from 'decimal.js';
import type { Actor } from '../../platform/actor.ts';
import { offsetOf, page } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type DirectRecharge,
  type DirectRechargeClient,
  type DirectRechargeProduct,
  DirectRechargeRefusal,
  type DirectRechargeStatus,
  DirectRechargeUnreachable,
} from '../../providers/direct-recharge/client.ts';
import type { DiscountsOf, ProviderStep } from '../provider-sales/provider-sale-flow.ts';
import { type Pricer, shopPricer } from '../provider-sales/provider-sale-money.ts';
import { toTopupSale } from '../provider-sales/provider-sales.mapper.ts';
import type { ProviderSaleRow, ProviderServiceDeps } from '../provider-sales/provider-sales.service.ts';
import { ownSalesOnly } from '../selling/selling.access.ts';
import { POLL_DIRECT_RECHARGE_JOB } from './direct-recharge.job-defs.ts';

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
export function createDirectRechargeService(
  deps: ProviderServiceDeps & { provider: DirectRechargeClient; discounts: DiscountsOf },
) {
  const { providerSales, provider, discounts } = deps;

  /** Sends the recharge if no answer to it was recorded (ask first: a lost answer's send may have arrived), else reads it. */
  const step: ProviderStep = async (sale, settle) => {
    const answer =
      sale.providerStatus === null ? await sendToProvider(sale) : await provider.getRecharge(sale.externalId);
    if (!answer) return sale.status;
    return settle({ statusName: answer.status, operator_reference: answer.operator_reference });
  };

  const flow = providerSales.flow({
    pollMs: deps.pollMs,
    provider: PROVIDER,
    statusOf: (s) => STATUS_OF[s as DirectRechargeStatus | 'REJECTED'],
    pollJob: POLL_DIRECT_RECHARGE_JOB,
    step,
    unreachable: (err) => err instanceof DirectRechargeUnreachable,
    noun: 'Recharge',
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
  function pricesOf(p: DirectRechargeProduct, price: Pricer) {
    const prices = price(p.retail_price);
    return (prices.resellerPrice ?? prices.sellerPrice).lt(p.wholesale_price) ? null : prices;
  }

  /** `GET /get_direct_recharge_products_with_dr_and_cc/`: the operators and what the shop can sell of each. */
  async function catalogue(actor: Actor): Promise<DirectRechargeCatalogue> {
    const products = await ask(() => provider.listProducts());
    const chain = await providerSales.findShopChain(actor.customerId);
    const price = await shopPricer(discounts, chain);
    const masked = actor.internal_role === 1 && chain?.maskSellerDiscount === true;
    const operators = new Map<number, DirectRechargeOperator>();
    for (const p of products) {
      const prices = pricesOf(p, price);
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
    const request = { kind: 'direct_recharge', product_id: body.product_id, mobile_number: body.mobile_number };
    return flow.sell(actor, body.transaction_key, request, async (chain, tx) => {
      const prices = pricesOf(product, await shopPricer(discounts, chain, tx));
      if (!prices) throw unavailable();
      return {
        money: {
          sellerPrice: prices.sellerPrice,
          resellerPrice: prices.resellerPrice,
          providerCost: product.wholesale_price,
        },
        facts: {
          productId: product.id,
          productName: product.name,
          operatorId: product.operator.id,
          operatorName: product.operator.name,
          countryIsoCode: product.operator.country_iso_code,
          mobileNumber: body.mobile_number,
          faceValue: product.face_value,
          faceCurrency: product.currency,
          retailPrice: new Decimal(product.retail_price).toFixed(4),
        },
      };
    });
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

  /** `/check_direct_recharge_transaction/`: the recharge, asked of the provider while it is pending. */
  const check = flow.check;

  /** `/get_direct_recharge_history/`: the shop's recharges, newest first; staff and web support see their own. */
  async function history(actor: Actor, q: DirectRechargeHistoryQuery) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const { items, total } = await providerSales.findPage(
      {
        provider: PROVIDER,
        customerId: actor.customerId,
        userId: ownSalesOnly(actor) ? actor.userId : undefined,
        status: q.status,
      },
      { limit: p.limit, offset: offsetOf(p) },
    );
    const m = await providerSales.pricesMasked(actor);
    const recharges = items.map((s) => toTopupSale(s, m));
    return page('recharges', recharges, total, p, q.status ? { status: q.status } : {});
  }

  return { catalogue, send, advance: flow.advance, advancePending: flow.advancePending, check, history };
}
export type DirectRechargeService = ReturnType<typeof createDirectRechargeService>;
