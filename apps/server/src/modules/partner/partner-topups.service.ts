import type { PartnerTopupBody, PartnerTopupLookupQuery, PartnerTopupProductsQuery } from '@portal/contract/partner';
import type { InternationalTopupsQuery, TopupSale } from '@portal/contract/topup';
import type { Actor } from '../../platform/actor.ts';
import type { ProviderSaleViewsService } from '../provider-sales/provider-sale-views.service.ts';
import type { TransactionKeysService } from '../selling/transaction-keys.service.ts';
import type { TopupCatalogueService } from '../topup/catalogue.service.ts';
import type { TopupSalesService } from '../topup/topup-sales.service.ts';

/**
 * Top-ups over the partner API: the portal's own DT One calls for the key's user. A send goes through the same
 * `send` as `/international_top_up_transaction/`, under a transaction key made from the client's Idempotency-Key,
 * so the DT One external_id, and with it "never charged twice", is the portal's.
 */
/** A top-up as the partner API shows it: its answers declare no offer fields (partner sends are never offers). */
function withoutOffer<T extends Partial<TopupSale>>(sale: T): Omit<T, 'offer_state' | 'offer_expires_at'> {
  const { offer_state: _state, offer_expires_at: _expires, ...rest } = sale;
  return rest;
}

export function createPartnerTopupsService(deps: {
  keys: Pick<TransactionKeysService, 'adopt'>;
  catalogue: TopupCatalogueService;
  sales: Pick<TopupSalesService, 'send' | 'statusById'>;
  views: Pick<ProviderSaleViewsService, 'findTopups'>;
}) {
  const { keys, catalogue, sales, views } = deps;

  return {
    lookup: (actor: Actor, q: PartnerTopupLookupQuery) =>
      catalogue.query(actor, { configuration: '1', mobile_number: q.mobile_number, page: 1 }),

    products: (actor: Actor, q: PartnerTopupProductsQuery) => catalogue.query(actor, { configuration: '2', ...q }),

    async send(actor: Actor, idempotencyKey: string, body: PartnerTopupBody) {
      const transactionKey = await keys.adopt(actor, idempotencyKey);
      const r = await sales.send(actor, { transaction_key: transactionKey, ...body });
      if (r.status !== 200 || !r.answer.data) return r;
      return { ...r, answer: { ...r.answer, data: withoutOffer(r.answer.data as TopupSale) } };
    },

    get: async (actor: Actor, topupId: number) => withoutOffer(await sales.statusById(actor, topupId)),

    async find(actor: Actor, q: InternationalTopupsQuery) {
      const page = await views.findTopups(actor, q);
      return { ...page, top_ups: page.top_ups.map(withoutOffer) };
    },
  };
}
export type PartnerTopupsService = ReturnType<typeof createPartnerTopupsService>;
