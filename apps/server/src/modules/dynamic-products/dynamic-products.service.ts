import type { DynamicProduct, SoftPinSale, SoftPinType } from '@portal/contract/dynamic-products';
import type { Envelope } from '@portal/contract/envelope';
import { priceAfterDiscount } from '@portal/contract/pricing';
import type { TopupStatus } from '@portal/contract/topup';
import { Decimal } from 'decimal.js';
import type { Tx } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { type PinCrypto, pinHint } from '../../platform/pin-crypto.ts';
import { type SoftPinOrderStatus, SoftPinUnreachable } from '../../providers/softpin/client.ts';
import type { ProviderStep } from '../provider-sales/provider-sale-flow.ts';
import { toTopupSale } from '../provider-sales/provider-sales.mapper.ts';
import type { ProviderServiceDeps } from '../provider-sales/provider-sales.service.ts';
import { POLL_SOFT_PIN_JOB } from './dynamic-products.job-defs.ts';
import type { DynamicProductRow, DynamicProductsRepository } from './dynamic-products.repository.ts';
import { PROVIDER, type SoftPinCalls } from './softpin-calls.ts';

/** The generic API's order statuses as the spec's results; `REJECTED` is the portal's own (the order was refused). */
const STATUS_OF: Record<SoftPinOrderStatus | 'REJECTED', TopupStatus> = {
  PENDING: 'pending',
  DELIVERED: 'successful',
  FAILED: 'failed',
  REFUNDED: 'refunded',
  REJECTED: 'failed',
};

const FLAG_OF: Record<SoftPinType, 'has_cash_card' | 'has_gift_card'> = {
  cash_card: 'has_cash_card',
  gift_card: 'has_gift_card',
};

/**
 * Selling soft pins (decision 0104): the shop's list at its prices from its own and its reseller's discounts, and the
 * sale through the shared provider-sale flow (decisions 0080, 0101): the reservation under the transaction key in
 * one short transaction, the provider asked only with no transaction open, the delivered PIN stored encrypted
 * before the sale is settled successful.
 */
export function createDynamicProductsService(
  deps: ProviderServiceDeps & {
    products: DynamicProductsRepository;
    calls: SoftPinCalls;
    pinCrypto: Pick<PinCrypto, 'encrypt' | 'decrypt' | 'index'>;
    /**
     * Whether a reclamation's credit note already refunded the sale (decision 0091): a provider reversal after it
     * posts no second refund. Read in the settlement's transaction, under the sale's row lock.
     */
    creditedByReclamation?: (saleId: number, tx: Tx) => Promise<boolean>;
  },
) {
  const { providerSales, products, calls, pinCrypto, clock } = deps;

  /** A PIN as stored: encrypted, its keyed blind index (the same as stock PINs') and its masked form. */
  const sealPin = (pin: string) => ({
    ciphertext: pinCrypto.encrypt(pin),
    index: pinCrypto.index(pin),
    hint: pinHint(pin),
    length: pin.length,
  });

  /**
   * Gives PINs delivered before the blind index existed theirs, `batch` at a time until none is left; resumable:
   * each batch is committed, a crash leaves the rest for the next run (a migration cannot decrypt).
   */
  async function backfillPinIndex(batch = 200): Promise<number> {
    let done = 0;
    for (;;) {
      const rows = await products.findUnindexed(batch);
      for (const r of rows) {
        const { ciphertext: _, ...pin } = sealPin(pinCrypto.decrypt(r.pinCiphertext));
        await products.setIndex(r.saleId, pin);
      }
      done += rows.length;
      if (rows.length < batch) return done;
    }
  }

  /** Sends the order if no answer to it was recorded (the API is idempotent by external id), else reads it. */
  const step: ProviderStep = async (sale, settle) => {
    const ctx = {
      saleId: sale.id,
      customerId: sale.customerId,
      externalId: sale.externalId,
      providerProductId: sale.productId,
    };
    const order =
      sale.providerStatus === null ? await calls.sendOrder(sale, ctx) : await calls.readOrder(sale.externalId, ctx);
    if (!order) return sale.status;
    if (order.status === 'CONFLICT') {
      deps.log?.warn(
        { saleId: sale.id, productId: sale.productId, foundProductId: order.foundProductId },
        'The soft-pin provider holds another order under this external_id; the sale is held for the superadmin',
      );
      await providerSales.hold(sale.id, 'external_id_mismatch', clock.now());
      return 'held';
    }
    if (order.status === 'DELIVERED') {
      // The PIN is kept before the sale counts as sold: a successful soft pin always has its PIN.
      if (!order.pin) throw new SoftPinUnreachable(new Error('delivered without a PIN'));
      await products.storePin(sale.id, sealPin(order.pin), order.serial, clock.now());
    }
    return settle({ statusName: order.status, operator_reference: order.reference });
  };

  const flow = providerSales.flow({
    pollMs: deps.pollMs,
    provider: PROVIDER,
    statusOf: (s) => STATUS_OF[s as SoftPinOrderStatus | 'REJECTED'] ?? 'pending',
    refundedElsewhere: deps.creditedByReclamation,
    pollJob: POLL_SOFT_PIN_JOB,
    step,
    unreachable: (err) => err instanceof SoftPinUnreachable,
    noun: 'Soft pin',
  });

  function assertTypeFlag(actor: Actor, type: SoftPinType) {
    if (actor.flags[FLAG_OF[type]] !== 1) throw forbidden();
  }

  /** S and R of a product for a shop from its parent's and its reseller's discounts; null when it would sell below cost or below R. */
  async function pricesFor(
    shopId: number,
    chain: { resellerId: number; platformId: number },
    dp: DynamicProductRow,
    cost: Decimal.Value,
  ) {
    const underPlatform = chain.resellerId === chain.platformId;
    const d = await products.findDiscounts(underPlatform ? [shopId] : [shopId, chain.resellerId]);
    const sellerPrice = priceAfterDiscount(dp.faceValue, d.get(`${shopId}:${dp.id}`) ?? '0');
    const resellerPrice = underPlatform
      ? null
      : priceAfterDiscount(dp.faceValue, d.get(`${chain.resellerId}:${dp.id}`) ?? '0');
    if ((resellerPrice ?? sellerPrice).lt(cost)) return null;
    if (resellerPrice && sellerPrice.lt(resellerPrice)) return null;
    return { sellerPrice, resellerPrice };
  }

  /** What the shop's reseller keeps from its shops (decision 0110); the platform's own shops see what it sells. */
  const withheldBy = (chain: { resellerId: number; platformId: number }) =>
    chain.resellerId === chain.platformId ? new Set<number>() : products.findWithheld(chain.resellerId);

  /** `list`: the shop's soft pins of a type that the provider has and the platform sells at no loss. */
  async function list(actor: Actor, type: SoftPinType): Promise<{ products: DynamicProduct[] }> {
    assertTypeFlag(actor, type);
    const configured = await products.findEnabled(PROVIDER, type);
    if (!configured.length) return { products: [] };
    const catalogue = new Map((await calls.catalogueOf({ customerId: actor.customerId })).map((p) => [p.id, p]));
    const chain = await providerSales.findShopChain(actor.customerId);
    if (!chain) return { products: [] };
    const masked = actor.internal_role === 1 && chain.maskSellerDiscount === true;
    const withheld = await withheldBy(chain);
    const out: DynamicProduct[] = [];
    for (const dp of configured) {
      const p = catalogue.get(dp.providerProductId);
      if (!p?.available || withheld.has(dp.id)) continue;
      const prices = await pricesFor(actor.customerId, chain, dp, p.price);
      if (!prices) continue;
      out.push({
        id: dp.id,
        name: dp.name,
        product_type: dp.productType as SoftPinType,
        face_value: new Decimal(dp.faceValue).toFixed(2),
        price: masked ? null : prices.sellerPrice.toFixed(2),
      });
    }
    return { products: out };
  }

  /** `buy`: reserve the money under the key, then order the PIN; the same key again answers the same sale. */
  async function buy(
    actor: Actor,
    transactionKey: string,
    dynamicProductId: number,
  ): Promise<{ status: number; answer: Envelope }> {
    const dp = await products.findById(dynamicProductId);
    const unavailable = () => new AppError('provider_product_unavailable', 'This product is not offered any more');
    if (!dp || dp.provider !== PROVIDER) throw notFound('Product');
    assertTypeFlag(actor, dp.productType as SoftPinType);
    const request = { kind: 'softpin', dynamic_product_id: dynamicProductId };
    // Read before the transaction: no provider call and no discount lookup of another connection inside it.
    const p = (await calls.catalogueOf({ customerId: actor.customerId })).find((x) => x.id === dp.providerProductId);
    const chain = await providerSales.findShopChain(actor.customerId);
    if (!chain) throw notFound('Shop');
    const offered = dp.enabled && p?.available && !(await withheldBy(chain)).has(dp.id);
    const prices = offered ? await pricesFor(actor.customerId, chain, dp, p.price) : null;
    const r = await flow.sell(actor, transactionKey, request, (inTx) => {
      // A replay never gets here; a first sale without a price is refused (nothing reserved).
      if (!prices || !p || inTx.resellerId !== chain.resellerId) throw unavailable();
      return {
        money: { sellerPrice: prices.sellerPrice, resellerPrice: prices.resellerPrice, providerCost: p.price },
        facts: {
          productId: p.id,
          productName: dp.name,
          // A soft pin has no operator or number: the operator columns name the dynamic product and its brand.
          operatorId: dp.id,
          operatorName: p.brand,
          countryIsoCode: 'DEU',
          mobileNumber: '',
          faceValue: new Decimal(dp.faceValue).toFixed(4),
          faceCurrency: 'EUR',
          retailPrice: new Decimal(dp.faceValue).toFixed(4),
        },
      };
    });
    const saleId = (r.answer.data as { sale_id?: number } | undefined)?.sale_id;
    if (r.status !== 200 || saleId === undefined) return r;
    return { status: 200, answer: ok({ sale: await view(actor, saleId, 'sale') }) };
  }

  /** `status`: the shop's own sale, asked of the provider while pending; its PIN once delivered. */
  async function status(actor: Actor, saleId: number): Promise<{ sale: SoftPinSale }> {
    const sale = await flow.refresh(actor, saleId);
    return { sale: await view(actor, sale.id, 'status') };
  }

  /** The sale as its shop sees it; a delivered PIN leaves the server only here, and each time is recorded. */
  async function view(actor: Actor, saleId: number, reveal: 'sale' | 'status'): Promise<SoftPinSale> {
    const s = await providerSales.findWithUser(saleId);
    if (!s) throw notFound('Soft pin');
    const base = toTopupSale(s, await providerSales.pricesMasked(actor));
    const dp = await products.findById(s.operatorId);
    const stored = s.status === 'successful' ? await products.findSoftPin(saleId) : undefined;
    let pin: string | null = null;
    if (stored) {
      pin = pinCrypto.decrypt(stored.pinCiphertext);
      await products.insertReveal({
        saleId,
        customerId: actor.customerId,
        userId: actor.userId,
        kind: reveal,
        createdAt: clock.now(),
      });
    }
    return {
      ...base,
      dynamic_product_id: s.operatorId,
      product_type: (dp?.productType ?? 'cash_card') as SoftPinType,
      pin,
      serial: stored?.serial ?? null,
    };
  }

  return {
    list,
    buy,
    status,
    advance: flow.advance,
    advancePending: flow.advancePending,
    backfillPinIndex,
  };
}
export type DynamicProductsService = ReturnType<typeof createDynamicProductsService>;
