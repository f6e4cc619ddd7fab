import type { Envelope } from '@portal/contract/envelope';
import type { DtOneBody, InternationalTopupBody, TopupSale, TopupStatus } from '@portal/contract/topup';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import {
  type DtOneClient,
  DtOneRefusal,
  type DtOneStatus,
  type DtOneTransaction,
  DtOneUnreachable,
  isDocumentedRefusal,
  isRefusal,
} from '../../providers/dtone/client.ts';
import { type DiscountsOf, externalIdOf, type ProviderStep } from '../provider-sales/provider-sale-flow.ts';
import { shopPricer } from '../provider-sales/provider-sale-money.ts';
import type { ProviderAnswer } from '../provider-sales/provider-sale-settlement.ts';
import type {
  ProviderSaleRow,
  ProviderSalesService,
  ProviderServiceDeps,
} from '../provider-sales/provider-sales.service.ts';
import { DT_ONE_STATUS_OF, productPricing } from './dtone-answers.ts';
import { POLL_TOPUP_JOB } from './topup.job-defs.ts';

const PROVIDER = 'dtone';
const DUPLICATE_EXTERNAL_ID = 1007001;
/** Cancel refused because the transaction is cancelled already (an earlier cancel whose answer was lost, the expiry). */
const ALREADY_CANCELLED = 1007005;
/** How long an offer stays open until DT One's answer says (DT One's own default: an hour). */
export const OFFER_DEFAULT_MS = 3_600_000;
const PRODUCT_NOT_AVAILABLE = 1003001;
/** A refused create for the platform's DT One account itself (its balance, its key): the superadmin is told. */
const ALERTING_CODES = new Set([1006001, 1000401]);

/** How long a product DT One called not available (1003001) stays off the list before its list is trusted again. */
export const WITHDRAWN_FOR_MS = 24 * 3_600_000;

/** DT One's products withdrawn within the last day. */
export const withdrawnProducts = (providerSales: Pick<ProviderSalesService, 'findWithdrawnProducts'>, clock: Clock) =>
  providerSales.findWithdrawnProducts(PROVIDER, new Date(clock.now().getTime() - WITHDRAWN_FOR_MS));

type Answered = DtOneTransaction | { statusName: 'REJECTED'; id: undefined; operator_reference: null } | null;

/**
 * International top-ups over DT One (decision 0080), on the provider sale flow every provider shares: money in
 * short database transactions through the ledger core, DT One called only between them. DT One's part is its
 * step: create the transaction (once, by external_id), confirm it while CREATED, read its status.
 */
export function createTopupSalesService(
  deps: ProviderServiceDeps & {
    dtOne: DtOneClient;
    discounts: DiscountsOf;
    /** Where DT One calls back when a transaction changes (null: polling alone). */
    callbackUrl?: string | null;
  },
) {
  const { providerSales, dtOne, discounts } = deps;

  /**
   * Creates the DT One transaction if no answer to its creation was recorded (the external_id makes this safe to
   * repeat), confirms it while CREATED, and settles each answer (the outcome table of decision 0080).
   */
  const step: ProviderStep = async (sale, settle, { first }) => {
    if (sale.offerState === 'rejected' || sale.offerState === 'expired') return cancelAtProvider(sale, settle);
    // An open offer DT One has: nothing to ask until the shop decides or it expires.
    if (sale.offerState === 'offered' && sale.providerTransactionId) return sale.status;
    let status: TopupStatus = sale.status;
    let t = sale.providerTransactionId
      ? await dtOne.getTransaction(sale.providerTransactionId)
      : await createAtProvider(sale, first);
    if (t === 'held') return 'held';
    if (t) status = await settle(t);
    // An offer is confirmed only by the shop (configuration 6), after its money was reserved.
    if (t?.statusName === 'CREATED' && status === 'pending' && sale.offerState !== 'offered') {
      t = await confirmAtProvider(t.id);
      if (t) status = await settle(t);
    }
    return status;
  };

  const flow = providerSales.flow({
    pollMs: deps.pollMs,
    provider: PROVIDER,
    statusOf: (s) => DT_ONE_STATUS_OF[s as DtOneStatus],
    pollJob: POLL_TOPUP_JOB,
    step,
    unreachable: (err) => err instanceof DtOneUnreachable,
    noun: 'Top-up',
  });

  async function ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof DtOneUnreachable) throw new AppError('provider_unavailable', 'DT One did not answer');
      throw err;
    }
  }

  /**
   * The partner API's `POST …/topups`: one call that reserves the money under the key, then creates and confirms at
   * DT One (no offer step).
   */
  async function send(actor: Actor, body: InternationalTopupBody): Promise<{ status: number; answer: Envelope }> {
    return sellOrOffer(actor, body, false);
  }

  /**
   * `/international_top_up_transaction/` and `/dt_one/` configuration 3 (decision 0080, "Offers"): the offer, a DT
   * One transaction created without its confirmation, recorded under the key with nothing reserved. It answers what
   * the number receives and what it costs the shop; configuration 6 confirms or rejects it.
   */
  async function offer(actor: Actor, body: InternationalTopupBody): Promise<{ status: number; answer: Envelope }> {
    return sellOrOffer(actor, body, true);
  }

  async function sellOrOffer(
    actor: Actor,
    body: InternationalTopupBody,
    asOffer: boolean,
  ): Promise<{ status: number; answer: Envelope }> {
    const unavailable = () => new AppError('provider_product_unavailable', 'This top-up is not offered any more');
    if ((await withdrawnProducts(providerSales, deps.clock)).has(body.product_id)) throw unavailable();
    const product = await ask(() => dtOne.getProduct(body.product_id));
    const priced = product ? productPricing(product) : null;
    if (!product || !priced) throw unavailable();
    const request = {
      kind: asOffer ? 'international_top_up_offer' : 'international_top_up',
      product_id: body.product_id,
      mobile_number: body.mobile_number,
    };
    const offerFor = asOffer ? { offerFor: OFFER_DEFAULT_MS } : {};
    return flow.sell(
      actor,
      body.transaction_key,
      request,
      async (chain, tx) => {
        const prices = (await shopPricer(discounts, chain, tx))(priced.retail);
        // The platform sells at R (or S): a price below DT One's cost would sell at a loss.
        if ((prices.resellerPrice ?? prices.sellerPrice).lt(priced.cost)) throw unavailable();
        return {
          money: { sellerPrice: prices.sellerPrice, resellerPrice: prices.resellerPrice, providerCost: priced.cost },
          facts: {
            productId: product.id,
            productName: product.name,
            operatorId: product.operator.id,
            operatorName: product.operator.name,
            countryIsoCode: product.operator.country.iso_code,
            mobileNumber: body.mobile_number,
            faceValue: priced.faceValue,
            faceCurrency: priced.faceCurrency,
            retailPrice: priced.retail.toFixed(4),
          },
        };
      },
      offerFor,
    );
  }

  /**
   * A rejected or expired offer cancelled at DT One (decision 0080's outcome table: cancel 202 or 1007005 →
   * cancelled; 1007007 → it was confirmed, DT One's status followed, which holds an unreserved sale for the
   * superadmin). An offer whose create was never answered and that DT One does not have ends failed: an offer
   * DT One created later is never confirmed and DT One cancels it at its expiry.
   */
  async function cancelAtProvider(
    sale: ProviderSaleRow,
    settle: (answer: ProviderAnswer) => Promise<TopupStatus>,
  ): Promise<TopupStatus | 'held'> {
    let id = sale.providerTransactionId;
    if (!id) {
      const found = await dtOne.findByExternalId(sale.externalId);
      if (!found) return settle({ statusName: 'CANCELLED' });
      const ours = await adopt(sale, found);
      if (ours === 'held') return 'held';
      const status = await settle(ours);
      // Cancelled already, or past CREATED (settled: an unreserved one is held): nothing to cancel.
      if (ours.statusName !== 'CREATED') return status;
      id = ours.id;
    }
    try {
      return await settle(await dtOne.cancelTransaction(id));
    } catch (err) {
      if (!(err instanceof DtOneRefusal)) throw err;
      if (isRefusal(err, ALREADY_CANCELLED)) return settle({ statusName: 'CANCELLED', id });
      // 1007007 (it was confirmed) or any other refusal: DT One's own status decides.
      const t = await dtOne.getTransaction(id);
      return t ? settle(t) : sale.status;
    }
  }

  /**
   * `/dt_one/` configuration 6 with the offer's key: the money reserved first (refused while the balance is short,
   * the offer then stays open), then DT One confirms. A sale sent in one call (or confirmed before) is asked of DT One
   * again, as configuration 6 always did.
   */
  async function confirm(actor: Actor, body: DtOneBody): Promise<{ sale: TopupSale }> {
    const sale = await ownSale(actor, body.transaction_key);
    if (sale.offerState === 'offered') {
      await flow.confirmOffer(actor, sale.id);
      return { sale: await flow.view(actor, sale.id) };
    }
    if (sale.offerState === 'rejected' || sale.offerState === 'expired') {
      throw new AppError('topup_offer_closed', 'This offer was rejected or expired');
    }
    return byKey(actor, body);
  }

  /** `/dt_one/` configuration 6 with `cancel: 1`: the open offer rejected, then cancelled at DT One. */
  async function reject(actor: Actor, body: DtOneBody): Promise<{ sale: TopupSale }> {
    const sale = await ownSale(actor, body.transaction_key);
    if (sale.offerState !== 'offered' && sale.offerState !== 'rejected' && sale.offerState !== 'expired') {
      throw new AppError('topup_offer_closed', 'This top-up is confirmed; it can no longer be rejected');
    }
    if (sale.offerState === 'offered' && !(await providerSales.closeOffer(sale.id, 'rejected', deps.clock.now()))) {
      // Confirmed or closed by a call at the same moment: as it is now.
      const now = await providerSales.findById(sale.id);
      if (now?.offerState === 'confirmed') {
        throw new AppError('topup_offer_closed', 'This top-up is confirmed; it can no longer be rejected');
      }
    }
    if ((await providerSales.findById(sale.id))?.status === 'pending') await flow.advance(sale.id, { followUp: true });
    return { sale: await flow.view(actor, sale.id) };
  }

  /**
   * The sale's DT One transaction, created if DT One has none. Only the first step sends the create without asking:
   * any later one (after an unknown answer, a restart) looks the external_id up first and creates only when DT One
   * has nothing under it. A refused create is `REJECTED` (nothing exists at DT One); a transaction DT One holds under
   * our external_id that is not this sale is `held` for the superadmin.
   */
  async function createAtProvider(sale: ProviderSaleRow, first: boolean): Promise<Answered | 'held'> {
    if (!first) {
      const found = await dtOne.findByExternalId(sale.externalId);
      if (found) return adopt(sale, found);
    }
    try {
      return await dtOne.createTransaction({
        externalId: sale.externalId,
        productId: sale.productId,
        mobileNumber: sale.mobileNumber,
        ...(deps.callbackUrl ? { callbackUrl: deps.callbackUrl } : {}),
      });
    } catch (err) {
      if (!(err instanceof DtOneRefusal)) throw err;
      if (isRefusal(err, DUPLICATE_EXTERNAL_ID)) {
        // An earlier create (its answer lost) or a concurrent step made it: DT One's own record decides.
        const found = await dtOne.findByExternalId(sale.externalId);
        if (!found) throw new DtOneUnreachable(new Error('1007001, but no transaction under the external_id yet'));
        return adopt(sale, found);
      }
      if (!isDocumentedRefusal(err)) throw new DtOneUnreachable(err, err.httpStatus);
      await afterRefusal(sale, err.code as number);
      return { statusName: 'REJECTED', id: undefined, operator_reference: null };
    }
  }

  /** DT One's transaction under the sale's external_id is this sale only if its product and number are the sale's. */
  async function adopt(sale: ProviderSaleRow, t: DtOneTransaction): Promise<DtOneTransaction | 'held'> {
    const digits = (n: string | undefined) => (n ?? '').replace(/\D/g, '');
    const number = t.credit_party_identifier?.mobile_number;
    if (t.product?.id === sale.productId && digits(number) === digits(sale.mobileNumber)) return t;
    deps.log?.warn(
      { saleId: sale.id, transactionId: t.id, productId: t.product?.id },
      'DT One holds another transaction under this external_id; the sale is held for the superadmin',
    );
    await providerSales.hold(sale.id, 'external_id_mismatch', deps.clock.now());
    return 'held';
  }

  /** What a refused create tells besides the failed sale: a product gone from the account, an account to look at. */
  async function afterRefusal(sale: ProviderSaleRow, code: number) {
    if (code === PRODUCT_NOT_AVAILABLE) await providerSales.withdrawProduct(PROVIDER, sale.productId, deps.clock.now());
    if (ALERTING_CODES.has(code)) {
      await providerSales.alertPlatform(sale.platformId, { provider: PROVIDER, code }, deps.clock.now());
    }
  }

  /**
   * Confirms a CREATED transaction. A refusal (1007002 already confirmed, 1007004 no longer confirmable, any other)
   * is answered by DT One's own status of the transaction; no answer leaves it to the next step.
   */
  async function confirmAtProvider(id: number) {
    try {
      return await dtOne.confirmTransaction(id);
    } catch (err) {
      if (err instanceof DtOneRefusal) return dtOne.getTransaction(id);
      throw err;
    }
  }

  async function ownSale(actor: Actor, transactionKey: string | undefined) {
    if (!transactionKey) {
      throw validationError([{ field: 'transaction_key', rule: 'required', message: 'transaction_key: required' }]);
    }
    return flow.visible(actor, await providerSales.findOwn(PROVIDER, externalIdOf(transactionKey), actor.customerId));
  }

  /**
   * `/dt_one/` configuration 6 (confirm a top-up sent under this key, again if its confirm went unanswered) and 41
   * (its status): both move a pending top-up one step on and answer it.
   */
  async function byKey(actor: Actor, body: DtOneBody): Promise<{ sale: TopupSale }> {
    return { sale: await flow.checkSale(actor, await ownSale(actor, body.transaction_key)) };
  }

  /**
   * `/resolve_held_top_up/`: the platform's superadmin decides a sale held because DT One holds another transaction
   * under its external_id (decision 0080, "Held sales"). `failed` releases the reservation without asking DT One;
   * `follow` adopts DT One's transaction under the external_id as the sale's and follows its status from there.
   */
  async function resolveHeld(actor: Actor, saleId: number, resolution: 'failed' | 'follow') {
    const sale = await providerSales.findById(saleId);
    if (!sale || sale.platformId !== actor.customerId || sale.provider !== PROVIDER) throw notFound('Top-up');
    if (sale.status !== 'pending' || sale.holdReason === null) {
      throw new AppError('top_up_not_held', 'This top-up is not held for a decision');
    }
    if (resolution === 'follow' && sale.reservationEntryId === null) {
      // DT One carried out an offer the shop never confirmed: not the shop's to pay; only `failed` settles it.
      throw new AppError('topup_offer_closed', 'The shop never confirmed this offer; settle it as failed');
    }
    if (resolution === 'failed') {
      await flow.failHeld(saleId, actor.customerId);
      return;
    }
    const found = await ask(() => dtOne.findByExternalId(sale.externalId));
    if (!found) throw new AppError('provider_transaction_not_found', 'DT One has no transaction under this top-up');
    if (!(await providerSales.releaseHold(saleId, deps.clock.now()))) {
      throw new AppError('top_up_not_held', 'This top-up is not held for a decision');
    }
    await flow.settle(saleId, found);
    await flow.advance(saleId, { followUp: true });
  }

  return {
    resolveHeld,
    send,
    offer,
    confirm,
    reject,
    expireOffers: flow.expireOffers,
    status: byKey,
    /** A top-up by its id (the partner API's `GET /topups/{topup_id}`), asked of DT One while pending. */
    statusById: flow.check,
    advance: flow.advance,
    advancePending: flow.advancePending,
    settle: flow.settle,
  };
}
export type TopupSalesService = ReturnType<typeof createTopupSalesService>;
