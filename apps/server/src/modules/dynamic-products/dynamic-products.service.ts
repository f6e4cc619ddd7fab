import type {
  ApiDiscountsBody,
  DynamicProduct,
  DynamicProductLog,
  DynamicProductLogsQuery,
  SaveDynamicProductBody,
  SoftApiProduct,
  SoftPinSale,
  SoftPinType,
} from '@portal/contract/dynamic-products';
import type { Envelope } from '@portal/contract/envelope';
import { LIMITS } from '@portal/contract/limits';
import { priceAfterDiscount } from '@portal/contract/pricing';
import { ROLE } from '@portal/contract/roles';
import type { TopupStatus } from '@portal/contract/topup';
import { Decimal } from 'decimal.js';
import type { Actor } from '../../platform/actor.ts';
import { offsetOf, ok, page } from '../../platform/envelope.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import {
  type SoftPinClient,
  type SoftPinOrder,
  type SoftPinOrderStatus,
  type SoftPinProduct,
  SoftPinRefusal,
  SoftPinUnreachable,
} from '../../providers/softpin/client.ts';
import {
  createProviderSaleFlow,
  type ProviderSaleDeps,
  type ProviderStep,
  pricesMasked,
} from '../topup/provider-sale-flow.ts';
import { toTopupSale } from '../topup/topup.mapper.ts';
import type { ProviderSaleRow } from '../topup/topup.repository.ts';
import { POLL_SOFT_PIN_JOB } from './dynamic-products.jobs.ts';
import type { DynamicProductRow, DynamicProductsRepository } from './dynamic-products.repository.ts';

export const PROVIDER = 'softpin';

/** The generic API's order statuses as the spec's results; `REJECTED` is the portal's own (the order was refused). */
const STATUS_OF: Record<SoftPinOrderStatus | 'REJECTED', TopupStatus> = {
  PENDING: 'pending',
  DELIVERED: 'successful',
  FAILED: 'failed',
  REJECTED: 'failed',
};

const FLAG_OF: Record<SoftPinType, 'has_cash_card' | 'has_gift_card'> = {
  cash_card: 'has_cash_card',
  gift_card: 'has_gift_card',
};

type LogContext = { saleId?: number; customerId?: number; externalId?: string; providerProductId?: number };

/**
 * Soft pins (decision 0104): the platform's choice of provider products, the discounts of each customer, and the
 * sale through the shared provider-sale flow (decisions 0080, 0101): the reservation under the transaction key in
 * one short transaction, the provider asked only with no transaction open, the delivered PIN stored encrypted
 * before the sale is settled successful.
 */
export function createDynamicProductsService(
  deps: ProviderSaleDeps & {
    products: DynamicProductsRepository;
    provider: SoftPinClient;
    pinCrypto: Pick<PinCrypto, 'encrypt' | 'decrypt'>;
  },
) {
  const { db, repo, products, provider, pinCrypto, clock } = deps;

  /** Every call to the provider leaves a line in the log: what was asked and what came of it, never a PIN. */
  async function logged<T>(
    action: 'catalogue' | 'order' | 'status',
    ctx: LogContext,
    run: () => Promise<T>,
    statusOf: (t: T) => string | null,
    opts: { quietSuccess?: boolean } = {},
  ): Promise<T> {
    const started = Date.now();
    const write = (outcome: string, providerStatus: string | null, message: string | null) =>
      products.insertLog({
        provider: PROVIDER,
        action,
        outcome,
        saleId: ctx.saleId ?? null,
        customerId: ctx.customerId ?? null,
        externalId: ctx.externalId ?? null,
        providerProductId: ctx.providerProductId ?? null,
        providerStatus,
        message,
        durationMs: Date.now() - started,
        createdAt: clock.now(),
      });
    try {
      const r = await run();
      if (!opts.quietSuccess) await write('ok', statusOf(r), null);
      return r;
    } catch (err) {
      if (err instanceof SoftPinRefusal) await write('refused', err.code, `HTTP ${err.httpStatus}`);
      else if (err instanceof SoftPinUnreachable)
        await write('unreachable', null, 'No answer in time, or no usable answer');
      throw err;
    }
  }

  async function catalogueOf(ctx: LogContext = {}): Promise<SoftPinProduct[]> {
    try {
      return await logged(
        'catalogue',
        ctx,
        () => provider.listProducts(),
        (p) => `${p.length} products`,
        {
          quietSuccess: true,
        },
      );
    } catch (err) {
      if (err instanceof SoftPinUnreachable || err instanceof SoftPinRefusal) {
        throw new AppError('provider_unavailable', 'The soft-pin provider did not answer');
      }
      throw err;
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
      sale.providerStatus === null
        ? await sendOrder(sale, ctx)
        : await logged(
            'status',
            ctx,
            () => provider.getOrder(sale.externalId),
            (o) => o?.status ?? 'not found',
          );
    if (!order) return sale.status;
    if (order.status === 'DELIVERED') {
      // The PIN is kept before the sale counts as sold: a successful soft pin always has its PIN.
      if (!order.pin) throw new SoftPinUnreachable(new Error('delivered without a PIN'));
      await products.storePin(sale.id, pinCrypto.encrypt(order.pin), order.serial, clock.now());
    }
    return settle({ statusName: order.status, operator_reference: order.reference });
  };

  async function sendOrder(
    sale: ProviderSaleRow,
    ctx: LogContext,
  ): Promise<Pick<SoftPinOrder, 'status' | 'pin' | 'serial' | 'reference'>> {
    try {
      return await logged(
        'order',
        ctx,
        () => provider.createOrder({ externalId: sale.externalId, productId: sale.productId }),
        (o) => o.status,
      );
    } catch (err) {
      if (!(err instanceof SoftPinRefusal)) throw err;
      if (err.httpStatus === 409) {
        const found = await logged(
          'status',
          ctx,
          () => provider.getOrder(sale.externalId),
          (o) => o?.status ?? 'not found',
        );
        if (found) return found;
      }
      return { status: 'REJECTED' as SoftPinOrderStatus, pin: null, serial: null, reference: '' };
    }
  }

  const flow = createProviderSaleFlow({
    ...deps,
    provider: PROVIDER,
    statusOf: (s) => STATUS_OF[s as SoftPinOrderStatus | 'REJECTED'] ?? 'pending',
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

  /** `list`: the shop's soft pins of a type that the provider has and the platform sells at no loss. */
  async function list(actor: Actor, type: SoftPinType): Promise<{ products: DynamicProduct[] }> {
    assertTypeFlag(actor, type);
    const configured = await products.findEnabled(PROVIDER, type);
    if (!configured.length) return { products: [] };
    const catalogue = new Map((await catalogueOf({ customerId: actor.customerId })).map((p) => [p.id, p]));
    const chain = await repo.findShopChain(actor.customerId);
    if (!chain) return { products: [] };
    const masked = actor.internal_role === 1 && chain.maskSellerDiscount === true;
    const out: DynamicProduct[] = [];
    for (const dp of configured) {
      const p = catalogue.get(dp.providerProductId);
      if (!p?.available) continue;
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
    const p = (await catalogueOf({ customerId: actor.customerId })).find((x) => x.id === dp.providerProductId);
    const chain = await repo.findShopChain(actor.customerId);
    if (!chain) throw notFound('Shop');
    const prices = dp.enabled && p?.available ? await pricesFor(actor.customerId, chain, dp, p.price) : null;
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
    const sale = flow.visible(actor, await repo.findById(saleId));
    if (sale.status === 'pending') await flow.advance(sale.id);
    return { sale: await view(actor, sale.id, 'status') };
  }

  /** The sale as its shop sees it; a delivered PIN leaves the server only here, and each time is recorded. */
  async function view(actor: Actor, saleId: number, reveal: 'sale' | 'status'): Promise<SoftPinSale> {
    const s = await repo.findWithUser(saleId);
    if (!s) throw notFound('Soft pin');
    const base = toTopupSale(s, await pricesMasked(repo, actor));
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

  /** `/get_softapi_products/`: the provider's catalogue beside the platform's configuration. */
  async function softApiProducts(): Promise<{ products: SoftApiProduct[] }> {
    const catalogue = await catalogueOf();
    const configured = new Map((await products.findAll(PROVIDER)).map((d) => [d.providerProductId, d]));
    return { products: catalogue.map((p) => toSoftApiProduct(p, configured.get(p.id))) };
  }

  /** `/save_dynamic_product/`: sells one provider product (or stops); F below the provider's cost is refused. */
  async function save(actor: Actor, b: SaveDynamicProductBody): Promise<SoftApiProduct> {
    const p = (await catalogueOf()).find((x) => x.id === b.provider_product_id);
    if (!p) throw notFound('Provider product');
    if (new Decimal(b.face_value).lt(p.price)) {
      throw new AppError('price_below_cost', 'The face value is below what the provider charges', {
        params: { product: b.name },
      });
    }
    const now = clock.now();
    const row = await products.upsert({
      provider: PROVIDER,
      providerProductId: p.id,
      name: b.name,
      productType: b.product_type,
      faceValue: new Decimal(b.face_value).toFixed(4),
      enabled: b.enabled,
      updatedBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    return toSoftApiProduct(p, row);
  }

  /**
   * The caller's discounts for one of its own customers (the platform: its resellers and own shops; a reseller:
   * its shops), set first when `discounts` is given. A discount that would make the caller sell below what it pays
   * (a reseller: its R; the platform: the provider's cost) is refused, the whole request with it.
   */
  async function discounts(actor: Actor, b: ApiDiscountsBody, withCost: boolean) {
    const customer = await products.findCustomer(b.customer_id);
    if (!customer || customer.parentId !== actor.customerId) throw notFound('Customer');
    const platform = actor.customerRole === ROLE.superadmin;
    const configured = await products.findEnabled(PROVIDER);
    const costs = platform ? new Map((await catalogueOf()).map((p) => [p.id, p.price])) : new Map<number, string>();
    const own = platform ? new Map<string, string>() : await products.findDiscounts([actor.customerId]);
    const ownPrice = (dp: DynamicProductRow) =>
      platform ? null : priceAfterDiscount(dp.faceValue, own.get(`${actor.customerId}:${dp.id}`) ?? '0');
    if (b.discounts?.length) {
      const byId = new Map(configured.map((d) => [d.id, d]));
      const rows = b.discounts.map((u) => {
        const dp = byId.get(u.dynamic_product_id);
        if (!dp) throw notFound('Product');
        const price = priceAfterDiscount(dp.faceValue, u.discount);
        const floor = platform ? costs.get(dp.providerProductId) : ownPrice(dp);
        if (floor !== undefined && floor !== null && price.lt(floor)) {
          throw new AppError(
            platform ? 'price_below_cost' : 'price_below_reseller',
            platform ? 'The discount sells below the provider’s cost' : 'The discount sells below your own price',
            { params: { product: dp.name } },
          );
        }
        return { dynamicProductId: dp.id, discount: new Decimal(u.discount).toFixed(2) };
      });
      await db.transaction((tx) => products.setDiscounts(customer.id, rows, actor.userId, clock.now(), tx));
    }
    const current = await products.findDiscounts([customer.id]);
    return {
      customer: { id: customer.id, name: customer.name },
      discounts: configured.map((dp) => {
        const discount = new Decimal(current.get(`${customer.id}:${dp.id}`) ?? '0');
        const price = priceAfterDiscount(dp.faceValue, discount);
        const cost = costs.get(dp.providerProductId);
        return {
          dynamic_product_id: dp.id,
          name: dp.name,
          product_type: dp.productType as SoftPinType,
          face_value: new Decimal(dp.faceValue).toFixed(2),
          discount: discount.toFixed(2),
          price: price.toFixed(2),
          own_price: ownPrice(dp)?.toFixed(2) ?? null,
          // The provider-level buying amount is the superadmin's alone (spec section 5).
          provider_cost: !withCost || cost === undefined ? '' : new Decimal(cost).toFixed(2),
          margin: !withCost || cost === undefined ? '' : price.minus(cost).toFixed(2),
        };
      }),
    };
  }

  /** `/view_dynamic_product_logs/`: the provider calls, newest first. */
  async function logs(q: DynamicProductLogsQuery) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const { items, total } = await products.findLogs(q, { limit: p.limit, offset: offsetOf(p) });
    const rows: DynamicProductLog[] = items.map(({ log: l, customerName }) => ({
      id: l.id,
      created_at: l.createdAt.toISOString(),
      action: l.action as DynamicProductLog['action'],
      outcome: l.outcome as DynamicProductLog['outcome'],
      sale_id: l.saleId,
      customer_id: l.customerId,
      customer_name: customerName,
      external_id: l.externalId,
      provider_product_id: l.providerProductId,
      provider_status: l.providerStatus,
      message: l.message,
      duration_ms: l.durationMs,
    }));
    const applied = Object.fromEntries(
      Object.entries({ action: q.action, outcome: q.outcome, sale_id: q.sale_id }).filter(([, v]) => v !== undefined),
    );
    return page('logs', rows, total, p, applied);
  }

  return {
    list,
    buy,
    status,
    softApiProducts,
    save,
    discounts,
    logs,
    advance: flow.advance,
    advancePending: flow.advancePending,
  };
}
export type DynamicProductsService = ReturnType<typeof createDynamicProductsService>;

function toSoftApiProduct(p: SoftPinProduct, d: DynamicProductRow | undefined): SoftApiProduct {
  return {
    provider_product_id: p.id,
    provider_name: p.name,
    brand: p.brand,
    category: p.category,
    provider_face_value: new Decimal(p.face_value).toFixed(2),
    currency: p.currency,
    provider_cost: new Decimal(p.price).toFixed(2),
    available: p.available,
    dynamic_product: d
      ? {
          id: d.id,
          name: d.name,
          product_type: d.productType as SoftPinType,
          face_value: new Decimal(d.faceValue).toFixed(2),
          enabled: d.enabled,
        }
      : null,
  };
}
