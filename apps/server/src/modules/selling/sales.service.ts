import { LIMITS } from '@portal/contract/limits';
import type { ReprintBody, ReprintReceipt, SaleDetails, SalesReportBody } from '@portal/contract/selling';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { offsetOf } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { maskPin, type PinCrypto } from '../../platform/pin-crypto.ts';
import { createSalePins } from './sale-pins.ts';
import { masksPrices, ownSalesOnly, shopMasks } from './selling.access.ts';
import { pageRowOf, receiptOf, saleRowOf } from './selling.mapper.ts';
import type { SellingRepository } from './selling.repository.ts';
import type { ShopRepository } from './shop.repository.ts';

/** The shop's sales list, one sale's details and the audited reprint of its PINs. */
export function createSalesService(deps: {
  repo: SellingRepository;
  shopRepo: Pick<ShopRepository, 'findShop'>;
  pinCrypto: Pick<PinCrypto, 'decrypt'>;
  clock: Clock;
}) {
  const { repo, shopRepo, pinCrypto, clock } = deps;
  const decryptedPins = createSalePins({ repo, pinCrypto });

  /**
   * Reprint of sold PINs by the shop that sold them (staff and web_support: their own sales), audited; the
   * partner API's `GET /sales/{id}` is the same, recorded as an `api` reveal.
   */
  async function reprint(
    actor: Actor,
    body: ReprintBody,
    kind: 'reprint' | 'api' = 'reprint',
  ): Promise<ReprintReceipt> {
    const s = await repo.findSale(body.sale_id, actor.customerId);
    if (!s || (ownSalesOnly(actor) && s.user_id !== actor.userId)) throw notFound('Sale');
    const pins = await decryptedPins(s.id, body.pin_ids);
    if (body.pin_ids && pins.length !== new Set(body.pin_ids).size) throw notFound('PIN');
    const at = clock.now();
    await repo.insertReveal({
      saleId: s.id,
      customerId: actor.customerId,
      userId: actor.userId,
      kind,
      pinIds: pins.map((p) => p.pin_id),
      at,
    });
    return { ...receiptOf(actor, s), pins, reprinted_at: at.toISOString() };
  }

  /** `/get_sales_report_2_with_customer_id/`: the shop's sales; staff see only their own. */
  async function findSales(actor: Actor, q: SalesReportBody) {
    const f = {
      ...q.filters,
      ...pickDefined(q, ['from', 'to', 'product_type', 'configuration_id', 'user_id', 'sale_kind']),
    };
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const userId = ownSalesOnly(actor) ? actor.userId : f.user_id;
    // `user_id` narrows within the shop (the query keeps to its sales, so another shop's user lists nothing); a staff
    // member naming another user reads nothing either, as the counters' and the export's `staff` filter answer.
    if (userId !== f.user_id && f.user_id !== undefined) {
      return { items: [], total: 0, page: p, applied: f };
    }
    const { items, total } = await repo.findSalesPage(
      {
        customerId: actor.customerId,
        userId,
        from: f.from,
        to: f.to,
        productType: f.product_type,
        configurationId: f.configuration_id,
        saleKind: f.sale_kind,
      },
      { limit: p.limit, offset: offsetOf(p) },
    );
    const masked = await shopMasks(shopRepo, actor);
    return {
      items: items.map((r) => saleRowOf(actor, masked, r)),
      total,
      page: p,
      applied: { ...f, ...(userId ? { user_id: userId } : {}) },
    };
  }

  /**
   * `/get_sales_record_details/`: one sale with its PINs masked to their last four characters, for the shop
   * (staff and web_support: their own sales) and for the operators whose reports show it.
   */
  async function getSaleDetails(actor: Actor, saleId: number): Promise<SaleDetails> {
    const s = await repo.findVisibleSale(saleId, actor);
    if (!s) throw notFound('Sale');
    const pins = await repo.findSalePins(s.id);
    const masked = masksPrices(actor, s.mask_seller_discount);
    return {
      ...saleRowOf(actor, masked, pageRowOf(s)),
      customer_care: s.customer_care,
      instructions: s.instructions,
      pins: pins.map((p) => ({
        pin_id: p.pin_id,
        pin_masked: maskPin(p.pin_hint, p.pin_length),
        serial: p.serial,
        lot: p.lot,
      })),
    };
  }

  return { reprint, findSales, getSaleDetails };
}
export type SalesService = ReturnType<typeof createSalesService>;

function pickDefined<T extends object, K extends keyof T>(o: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}
