import type { DiscountProvider } from '@portal/contract/provider-discounts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { customers } from '../../db/schema/customers.ts';
import { providerDiscounts } from '../../db/schema/provider-discounts.ts';
import { visibleCustomers } from '../../db/scopes.ts';
import type { Actor } from '../../platform/actor.ts';

/** The SQL of provider discounts (decision 0107): each customer's discount per provider, set by its parent. */
export function createProviderDiscountsRepository(db: Db) {
  return {
    /** The assigned discounts of these customers, as `customerId:provider` → percent; no row means the default. */
    async find(customerIds: number[], provider?: DiscountProvider, tx: Tx = db) {
      if (!customerIds.length) return new Map<string, string>();
      const rows = await tx
        .select()
        .from(providerDiscounts)
        .where(
          and(
            inArray(providerDiscounts.customerId, customerIds),
            provider ? eq(providerDiscounts.provider, provider) : undefined,
          ),
        );
      return new Map(rows.map((r) => [`${r.customerId}:${r.provider}`, r.discount]));
    },

    /** Sets (or with null removes) one customer's discounts. */
    async set(
      customerId: number,
      rows: { provider: DiscountProvider; discount: string | null }[],
      by: number,
      at: Date,
      tx: Tx,
    ) {
      for (const r of rows) {
        const key = and(eq(providerDiscounts.customerId, customerId), eq(providerDiscounts.provider, r.provider));
        if (r.discount === null) {
          await tx.delete(providerDiscounts).where(key);
          continue;
        }
        await tx
          .insert(providerDiscounts)
          .values({ customerId, provider: r.provider, discount: r.discount, updatedBy: by, updatedAt: at })
          .onConflictDoUpdate({
            target: [providerDiscounts.customerId, providerDiscounts.provider],
            set: { discount: r.discount, updatedBy: by, updatedAt: at },
          });
      }
    },

    /** One of the caller's own customers (staff: only those assigned to them), else undefined. */
    async findOwnCustomer(actor: Actor, id: number) {
      const [row] = await db
        .select({ id: customers.id, name: customers.name, accountRole: customers.accountRole })
        .from(customers)
        .where(and(eq(customers.id, id), visibleCustomers(actor)));
      return row;
    },
  };
}
export type ProviderDiscountsRepository = ReturnType<typeof createProviderDiscountsRepository>;
