import type { PartnerTopupBody, PartnerTopupLookupQuery, PartnerTopupProductsQuery } from '@portal/contract/partner';
import type { InternationalTopupsQuery } from '@portal/contract/topup';
import type { Actor } from '../../platform/actor.ts';
import type { TransactionKeysService } from '../selling/transaction-keys.service.ts';
import type { TopupCatalogueService } from '../topup/catalogue.service.ts';
import type { TopupSalesService } from '../topup/topup-sales.service.ts';
import type { TopupViewsService } from '../topup/topup-views.service.ts';

/**
 * Top-ups over the partner API: the portal's own DT One calls for the key's user. A send goes through the same
 * `send` as `/international_top_up_transaction/`, under a transaction key made from the client's Idempotency-Key,
 * so the DT One external_id, and with it "never charged twice", is the portal's.
 */
export function createPartnerTopupsService(deps: {
  keys: Pick<TransactionKeysService, 'adopt'>;
  catalogue: TopupCatalogueService;
  sales: Pick<TopupSalesService, 'send' | 'statusById'>;
  views: Pick<TopupViewsService, 'findTopups'>;
}) {
  const { keys, catalogue, sales, views } = deps;

  return {
    lookup: (actor: Actor, q: PartnerTopupLookupQuery) =>
      catalogue.query(actor, { configuration: '1', mobile_number: q.mobile_number, page: 1 }),

    products: (actor: Actor, q: PartnerTopupProductsQuery) => catalogue.query(actor, { configuration: '2', ...q }),

    async send(actor: Actor, idempotencyKey: string, body: PartnerTopupBody) {
      const transactionKey = await keys.adopt(actor, idempotencyKey);
      return sales.send(actor, { transaction_key: transactionKey, ...body });
    },

    get: (actor: Actor, topupId: number) => sales.statusById(actor, topupId),

    find: (actor: Actor, q: InternationalTopupsQuery) => views.findTopups(actor, q),
  };
}
export type PartnerTopupsService = ReturnType<typeof createPartnerTopupsService>;
