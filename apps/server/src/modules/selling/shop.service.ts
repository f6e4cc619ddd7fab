import { LIMITS } from '@portal/contract/limits';
import { priceAfterDiscount } from '@portal/contract/pricing';
import type { ProductType } from '@portal/contract/products';
import {
  type Favourite,
  PRODUCT_TYPE_FLAG,
  type SellerDashboard,
  type SellerProduct,
  type SellerProductRow,
  type SellerProductsBody,
  type ShopTimingsBody,
} from '@portal/contract/selling';
import { Decimal } from 'decimal.js';
import type { Actor } from '../../platform/actor.ts';
import { berlinDate } from '../../platform/berlin-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { offsetOf } from '../../platform/envelope.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { moneyText } from '../../platform/money.ts';
import { allowedTypes, masksPrices, ownSalesOnly, shopMasks } from './selling.access.ts';
import type { ShopRepository } from './shop.repository.ts';

const BEST_SELLERS = 8;
const BEST_SELLER_DAYS = 30;

/** The seller's shop: what it can sell, favourites, the dashboard and the shop's own settings. */
export function createShopService(deps: { repo: ShopRepository; clock: Clock }) {
  const { repo, clock } = deps;

  async function sellable(
    actor: Actor,
    q: { productType?: ProductType; productId?: number; search?: string; configurationIds?: number[] },
  ) {
    const types = allowedTypes(actor).filter((t) => !q.productType || t === q.productType);
    const [rows, masked] = await Promise.all([
      repo.findSellable({ customerId: actor.customerId, userId: actor.userId, productTypes: types, ...q }),
      shopMasks(repo, actor),
    ]);
    return rows.map((r) => ({
      product_id: r.product_id,
      product_name: r.product_name,
      product_type: r.product_type,
      product_image: r.product_image,
      customer_care: r.customer_care,
      instructions: r.instructions,
      pin_length: r.pin_length,
      configuration_id: r.configuration_id,
      value: moneyText(r.value),
      info: r.info,
      price: masked ? null : moneyText(priceAfterDiscount(r.value, r.discount)),
      discount: masked ? null : new Decimal(r.discount).toFixed(2),
      in_stock: r.available > 0 ? (1 as const) : (0 as const),
      available: r.available,
      favourite: r.favourite ? (1 as const) : (0 as const),
    }));
  }

  function sellableFor(actor: Actor, q: SellerProductsBody) {
    if (q.product_type && actor.flags[PRODUCT_TYPE_FLAG[q.product_type]] !== 1) throw forbidden();
    return sellable(actor, {
      productType: q.product_type,
      productId: q.product_id,
      search: q.search_text || undefined,
    });
  }

  /** `/view_seller_products/`: the shop's configurations, one row each, paged. */
  async function findSellerProductRows(actor: Actor, q: SellerProductsBody) {
    const rows: SellerProductRow[] = await sellableFor(actor, q);
    const p = { page: q.page, limit: q.limit ?? LIMITS.productPageSize };
    const start = offsetOf(p);
    return { items: rows.slice(start, start + p.limit), total: rows.length, page: p };
  }

  /** `/view_seller_products_v2/`: the same, grouped by product for the product grid. */
  async function findSellerProducts(actor: Actor, q: SellerProductsBody): Promise<SellerProduct[]> {
    const rows = await sellableFor(actor, q);
    const products = new Map<number, SellerProduct>();
    for (const r of rows) {
      const { configuration_id, value, info, price, discount, in_stock, available, favourite, ...product } = r;
      const p = products.get(r.product_id) ?? { ...product, configurations: [] };
      p.configurations.push({ configuration_id, value, info, price, discount, in_stock, available, favourite });
      products.set(r.product_id, p);
    }
    return [...products.values()];
  }

  async function findFavourites(actor: Actor): Promise<{ custom: boolean; items: Favourite[] }> {
    const own = await repo.findFavouriteIds(actor.userId);
    const custom = own.length > 0;
    const ids = custom
      ? own
      : await repo.findBestSellerIds(
          actor.customerId,
          new Date(clock.now().getTime() - BEST_SELLER_DAYS * 86_400_000),
          BEST_SELLERS,
        );
    if (ids.length === 0) return { custom, items: [] };
    const rows = await sellable(actor, { configurationIds: ids });
    const byId = new Map(rows.map((r) => [r.configuration_id, r]));
    const items = ids
      .map((id) => byId.get(id))
      .filter((r) => r !== undefined)
      .map((r) => ({
        product_id: r.product_id,
        product_name: r.product_name,
        product_type: r.product_type,
        product_image: r.product_image,
        customer_care: r.customer_care,
        instructions: r.instructions,
        configuration_id: r.configuration_id,
        value: r.value,
        info: r.info,
        price: r.price,
        in_stock: r.in_stock,
        available: r.available,
      }));
    return { custom, items };
  }

  /** Stores the user's ordered favourites; only configurations the user can buy are kept. */
  async function updateFavourites(actor: Actor, configurationIds: number[]) {
    const ids = [...new Set(configurationIds)];
    const allowed = new Set((await sellable(actor, { configurationIds: ids })).map((r) => r.configuration_id));
    const unknown = ids.filter((id) => !allowed.has(id));
    if (unknown.length) {
      throw new AppError('validation_failed', `configuration_ids: not assigned to your shop: ${unknown.join(', ')}`, {
        errors: [
          { field: 'configuration_ids', rule: 'not_found', message: 'configuration_ids: not assigned to your shop' },
        ],
        params: { configuration_ids: unknown.join(', ') },
      });
    }
    await repo.replaceFavourites(actor.userId, ids);
    return findFavourites(actor);
  }

  async function resetFavourites(actor: Actor) {
    await repo.replaceFavourites(actor.userId, []);
    return findFavourites(actor);
  }

  async function getDashboard(actor: Actor): Promise<SellerDashboard> {
    const staffOnly = ownSalesOnly(actor);
    const [shop, day, favourites] = await Promise.all([
      repo.findShop(actor.customerId),
      repo.findDayTotals(actor.customerId, berlinDate(clock.now()), staffOnly ? actor.userId : undefined),
      findFavourites(actor),
    ]);
    if (!shop) throw notFound('Shop');
    const masked = masksPrices(actor, shop.mask_seller_discount);
    return {
      today: {
        sales_count: day.sales_count,
        quantity: day.quantity,
        total_value: moneyText(day.total_value),
        total_price: masked ? null : moneyText(day.total_price),
      },
      favourites_custom: favourites.custom ? 1 : 0,
      favourites: favourites.items,
      shop: {
        name: shop.name,
        shop_timings: shop.shop_timings,
        holidays: shop.holidays ?? [],
        lunch: shop.lunch,
        support_id: shop.support_id,
      },
    };
  }

  async function updateShopTimings(actor: Actor, body: ShopTimingsBody) {
    if (actor.internal_role !== 0) throw forbidden();
    await repo.updateShopTimings(actor.customerId, body);
    return (await getDashboard(actor)).shop;
  }

  async function updateSupportId(actor: Actor, supportId: string) {
    await repo.upsertSupportId(actor.customerId, supportId, actor.userId, clock.now());
    return { support_id: supportId };
  }

  return {
    findSellerProductRows,
    findSellerProducts,
    findFavourites,
    updateFavourites,
    resetFavourites,
    getDashboard,
    updateShopTimings,
    updateSupportId,
  };
}
export type ShopService = ReturnType<typeof createShopService>;
