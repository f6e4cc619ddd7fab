import type { PartnerProductsQuery, PartnerPurchaseBody } from '@portal/contract/partner';
import type { Actor } from '../../platform/actor.ts';
import type { LedgerViewsService } from '../credit/ledger-views.service.ts';
import type { PurchaseService } from '../selling/purchase.service.ts';
import type { SalesService } from '../selling/sales.service.ts';
import type { ShopService } from '../selling/shop.service.ts';
import type { TransactionKeysService } from '../selling/transaction-keys.service.ts';

/**
 * The partner API's calls, each the portal's own service call for the key's user: the same catalogue and
 * prices, the same purchase (`portal_purchase`, under the client's Idempotency-Key), the same reveal records.
 */
export function createPartnerService(deps: {
  keys: Pick<TransactionKeysService, 'adopt'>;
  purchase: PurchaseService;
  sales: Pick<SalesService, 'reprint'>;
  shop: Pick<ShopService, 'findSellerProductRows'>;
  views: Pick<LedgerViewsService, 'getBalance' | 'findOwnLedger'>;
}) {
  const { keys, purchase, sales, shop, views } = deps;

  function findProducts(actor: Actor, q: PartnerProductsQuery) {
    return shop.findSellerProductRows(actor, q);
  }

  /** A purchase under the client's Idempotency-Key, which becomes a transaction key of the API key. */
  async function buy(actor: Actor, idempotencyKey: string, body: PartnerPurchaseBody, kind: 'single' | 'bulk') {
    const transactionKey = await keys.adopt(actor, idempotencyKey);
    return purchase.purchase(
      actor,
      { transaction_key: transactionKey, configuration: body.configuration_id, quantity: body.quantity },
      kind,
    );
  }

  /** A sale of the shop with its PINs in clear, recorded as an `api` reveal. */
  function getSale(actor: Actor, saleId: number) {
    return sales.reprint(actor, { sale_id: saleId }, 'api');
  }

  return { findProducts, buy, getSale, getBalance: views.getBalance, findLedger: views.findOwnLedger };
}
export type PartnerService = ReturnType<typeof createPartnerService>;
