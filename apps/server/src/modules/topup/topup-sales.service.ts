import type { Envelope } from '@portal/contract/envelope';
import type { DtOneBody, InternationalTopupBody, TopupSale, TopupStatus } from '@portal/contract/topup';
import type { Actor } from '../../platform/actor.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { type DtOneClient, DtOneRefusal, type DtOneStatus, DtOneUnreachable } from '../../providers/dtone/client.ts';
import {
  createProviderSaleFlow,
  type DiscountsOf,
  externalIdOf,
  type ProviderSaleDeps,
  type ProviderStep,
} from './provider-sale-flow.ts';
import { POLL_TOPUP_JOB } from './topup.jobs.ts';
import type { ProviderSaleRow } from './topup.repository.ts';
import { productPricing, shopPricer } from './topup-money.ts';
import { DT_ONE_STATUS_OF } from './topup-settlement.ts';

const PROVIDER = 'dtone';

/**
 * International top-ups over DT One (decision 0080), on the provider sale flow every provider shares: money in
 * short database transactions through the ledger core, DT One called only between them. DT One's part is its
 * step: create the transaction (once, by external_id), confirm it while CREATED, read its status.
 */
export function createTopupSalesService(
  deps: ProviderSaleDeps & {
    dtOne: DtOneClient;
    discounts: DiscountsOf;
    /** Where DT One calls back when a transaction changes (null: polling alone). */
    callbackUrl?: string | null;
  },
) {
  const { repo, dtOne, discounts } = deps;

  /**
   * Creates the DT One transaction if no answer to its creation was recorded (the external_id makes this safe to
   * repeat), confirms it while CREATED, and settles each answer.
   */
  const step: ProviderStep = async (sale, settle) => {
    let status: TopupStatus = sale.status;
    let t = sale.providerTransactionId
      ? await dtOne.getTransaction(sale.providerTransactionId)
      : await createAtProvider(sale);
    if (t) status = await settle(t);
    if (t?.statusName === 'CREATED' && status === 'pending') {
      t = await confirmAtProvider(t.id);
      if (t) status = await settle(t);
    }
    return status;
  };

  const flow = createProviderSaleFlow({
    ...deps,
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

  /** `/international_top_up_transaction/`: reserve the money under the key, then send and confirm at DT One. */
  async function send(actor: Actor, body: InternationalTopupBody): Promise<{ status: number; answer: Envelope }> {
    const product = await ask(() => dtOne.getProduct(body.product_id));
    const priced = product ? productPricing(product) : null;
    const unavailable = () => new AppError('provider_product_unavailable', 'This top-up is not offered any more');
    if (!product || !priced) throw unavailable();
    const request = { kind: 'international_top_up', product_id: body.product_id, mobile_number: body.mobile_number };
    return flow.sell(actor, body.transaction_key, request, async (chain, tx) => {
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
    });
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

  async function ownSale(actor: Actor, transactionKey: string | undefined) {
    if (!transactionKey) {
      throw validationError([{ field: 'transaction_key', rule: 'required', message: 'transaction_key: required' }]);
    }
    return flow.visible(actor, await repo.findOwn(PROVIDER, externalIdOf(transactionKey), actor.customerId));
  }

  /**
   * `/dt_one/` configuration 6 (confirm a top-up sent under this key, again if its confirm went unanswered) and 41
   * (its status): both move a pending top-up one step on and answer it.
   */
  async function byKey(actor: Actor, body: DtOneBody): Promise<{ sale: TopupSale }> {
    return { sale: await flow.checkSale(actor, await ownSale(actor, body.transaction_key)) };
  }

  return {
    send,
    confirm: byKey,
    status: byKey,
    /** A top-up by its id (the partner API's `GET /topups/{topup_id}`), asked of DT One while pending. */
    statusById: flow.check,
    advance: flow.advance,
    advancePending: flow.advancePending,
    settle: flow.settle,
  };
}
export type TopupSalesService = ReturnType<typeof createTopupSalesService>;
