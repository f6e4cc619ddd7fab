import type { AddOrderBody, HardwareOrder, OrdersQuery } from '@portal/contract/hardware';
import { NEXT_ORDER_STATUSES } from '@portal/contract/hardware';
import { ROLE } from '@portal/contract/roles';
import { Decimal } from 'decimal.js';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { LedgerService } from '../credit/ledger.service.ts';
import { orderOf } from './hardware.mapper.ts';
import type { HardwareRepository } from './hardware.repository.ts';

/**
 * Orders of the hardware shop, paid from the shop's balance (DOMAIN.md: shop balance −P, reseller sales
 * income +P). A debit never raises outstanding credit, so an order the balance does not cover is refused
 * with `insufficient_balance` by the ledger itself. Locks: product row, then wallets (ascending), then
 * nothing else; a cancellation locks its order row first, so the refund is posted once.
 */
export function createHardwareOrdersService(deps: {
  db: Db;
  repo: HardwareRepository;
  ledger: Pick<LedgerService, 'postEntry'>;
  clock: Clock;
}) {
  const { db, repo, ledger, clock } = deps;

  async function getOrder(id: number): Promise<HardwareOrder> {
    const row = await repo.findOrder(id);
    if (!row) throw notFound('Order');
    return orderOf(row);
  }

  /** `/hardware_orders/add/`: a shop orders from its reseller's catalogue. */
  async function placeOrder(actor: Actor, body: AddOrderBody) {
    const resellerId = actor.parentCustomerId;
    if (resellerId === null) throw notFound('Product');
    const id = await db.transaction(async (tx) => {
      const product = await repo.lockProduct(resellerId, body.product_id, tx);
      if (!product) throw notFound('Product');
      if (product.stock < body.quantity) {
        throw new AppError('out_of_stock', 'Not enough pieces in stock', {
          params: { available: product.stock, requested: body.quantity },
        });
      }
      const total = new Decimal(product.price).times(body.quantity);
      const posted = await ledger.postEntry(tx, {
        kind: 'hardware_order',
        customerId: actor.customerId,
        actorCustomerId: actor.customerId,
        createdBy: actor.userId,
        memo: `${product.name} × ${body.quantity}`,
        lines: [
          { customerId: actor.customerId, account: 'balance', amount: total.negated() },
          { customerId: resellerId, account: 'sales_income', amount: total },
        ],
      });
      await repo.changeStock(product.id, -body.quantity, tx);
      return repo.insertOrder(
        {
          customerId: actor.customerId,
          resellerId,
          userId: actor.userId,
          productId: product.id,
          productName: product.name,
          quantity: body.quantity,
          unitPrice: product.price,
          total: total.toFixed(4),
          status: 'ordered',
          remarks: body.remarks ?? '',
          entryId: posted.entryId,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        },
        tx,
      );
    });
    return getOrder(id);
  }

  /** The reseller moves an order on; cancelling puts the pieces back and refunds the shop, once. */
  async function moveOrder(actor: Actor, id: number, status: 'shipped' | 'delivered' | 'cancelled') {
    await db.transaction(async (tx) => {
      const order = await repo.lockOrder(actor, id, tx);
      if (!order) throw notFound('Order');
      const from = order.status as keyof typeof NEXT_ORDER_STATUSES;
      if (!NEXT_ORDER_STATUSES[from].includes(status)) {
        throw new AppError('order_status_invalid', `An order ${from} cannot become ${status}`, {
          params: { from, to: status },
        });
      }
      let refundEntryId: number | undefined;
      if (status === 'cancelled') {
        await repo.changeStock(order.productId, order.quantity, tx);
        const refund = await ledger.postEntry(tx, {
          kind: 'refund',
          customerId: order.customerId,
          actorCustomerId: actor.customerId,
          createdBy: actor.userId,
          reference: `hardware_order:${order.id}`,
          memo: `${order.productName} × ${order.quantity}`,
          lines: [
            { customerId: order.customerId, account: 'balance', amount: order.total },
            { customerId: order.resellerId, account: 'sales_income', amount: new Decimal(order.total).negated() },
          ],
        });
        refundEntryId = refund.entryId;
      }
      await repo.updateOrder(order.id, { status, refundEntryId, updatedAt: clock.now() }, tx);
    });
    return getOrder(id);
  }

  /** `/hardware_orders/`: a reseller's orders from its shops (its staff: their assigned shops), a shop's own. */
  async function findOrders(actor: Actor, q: OrdersQuery & { limit: number }) {
    const scope = actor.account_role === ROLE.reseller ? { reseller: actor } : { customerId: actor.customerId };
    const { items, total } = await repo.findOrdersPage(scope, q);
    return { items: items.map(orderOf), total };
  }

  return { placeOrder, moveOrder, findOrders };
}
export type HardwareOrdersService = ReturnType<typeof createHardwareOrdersService>;
