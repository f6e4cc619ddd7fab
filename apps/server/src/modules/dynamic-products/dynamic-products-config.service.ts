import type {
  ApiDiscountsBody,
  DynamicProductLog,
  DynamicProductLogsQuery,
  OfferDynamicProductBody,
  ResellerDynamicProduct,
  SaveDynamicProductBody,
  SoftApiProduct,
  SoftPinType,
} from '@portal/contract/dynamic-products';
import { LIMITS } from '@portal/contract/limits';
import { priceAfterDiscount } from '@portal/contract/pricing';
import { ROLE } from '@portal/contract/roles';
import { Decimal } from 'decimal.js';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { offsetOf, page } from '../../platform/envelope.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { moneyText } from '../../platform/money.ts';
import type { SoftPinProduct } from '../../providers/softpin/client.ts';
import type { DynamicProductRow, DynamicProductsRepository } from './dynamic-products.repository.ts';
import { PROVIDER, type SoftPinCalls } from './softpin-calls.ts';

/**
 * The operators' side of soft pins (decision 0104): which provider products the platform sells at which face
 * value, each customer's discounts on them, and the log of the provider's calls.
 */
export function createDynamicProductsConfigService(deps: {
  db: Db;
  clock: Clock;
  products: DynamicProductsRepository;
  calls: Pick<SoftPinCalls, 'catalogueOf'>;
}) {
  const { db, clock, products } = deps;
  const catalogueOf = () => deps.calls.catalogueOf();

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
      throw new AppError('face_value_below_cost', 'The face value is below what the provider charges', {
        params: { product: b.name, value: moneyText(b.face_value), cost: moneyText(p.price) },
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
          const shared = {
            customer: customer.name,
            product: dp.name,
            value: moneyText(dp.faceValue),
            price: moneyText(price),
          };
          if (platform) {
            throw new AppError('price_below_cost', 'The discount sells below the provider’s cost', {
              params: { ...shared, cost: moneyText(floor) },
            });
          }
          throw new AppError('price_below_reseller', 'The discount sells below your own price', {
            params: {
              ...shared,
              discount: new Decimal(u.discount).toFixed(2),
              reseller_discount: new Decimal(own.get(`${actor.customerId}:${dp.id}`) ?? '0').toFixed(2),
            },
          });
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

  /**
   * `/my_dynamic_products/` (decision 0110): the platform's products a reseller can sell, that is, the provider has
   * them and the reseller's price R is not below the provider's, at R and each with whether its shops are offered it.
   */
  async function resellerProducts(actor: Actor): Promise<{ products: ResellerDynamicProduct[] }> {
    const configured = await products.findEnabled(PROVIDER);
    if (!configured.length) return { products: [] };
    const catalogue = new Map((await catalogueOf()).map((p) => [p.id, p]));
    const own = await products.findDiscounts([actor.customerId]);
    const withheld = await products.findWithheld(actor.customerId);
    const out: ResellerDynamicProduct[] = [];
    for (const dp of configured) {
      const p = catalogue.get(dp.providerProductId);
      const discount = new Decimal(own.get(`${actor.customerId}:${dp.id}`) ?? '0');
      const price = priceAfterDiscount(dp.faceValue, discount);
      if (!p?.available || price.lt(p.price)) continue;
      out.push({
        id: dp.id,
        name: dp.name,
        product_type: dp.productType as SoftPinType,
        face_value: new Decimal(dp.faceValue).toFixed(2),
        discount: discount.toFixed(2),
        price: price.toFixed(2),
        offered: !withheld.has(dp.id),
      });
    }
    return { products: out };
  }

  /** `/offer_dynamic_product/`: offers one of the reseller's products to its shops, or withholds it from them. */
  async function offer(actor: Actor, b: OfferDynamicProductBody): Promise<ResellerDynamicProduct> {
    const mine = (await resellerProducts(actor)).products.find((p) => p.id === b.dynamic_product_id);
    if (!mine) throw notFound('Product');
    await products.setOffered(actor.customerId, mine.id, b.offered, actor.userId, clock.now());
    return { ...mine, offered: b.offered };
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

  return { softApiProducts, save, discounts, resellerProducts, offer, logs };
}
export type DynamicProductsConfigService = ReturnType<typeof createDynamicProductsConfigService>;

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
