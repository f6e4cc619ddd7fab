import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { wallets } from '../../db/schema/credit.ts';
import { customers } from '../../db/schema/customers.ts';

export function createCreditRepository(db: Db) {
  return {
    async findWallet(customerId: number) {
      const rows = await db
        .select({
          balance: wallets.balance,
          outstandingCredit: wallets.outstandingCredit,
          creditLimit: customers.creditLimit,
        })
        .from(customers)
        .leftJoin(wallets, eq(wallets.customerId, customers.id))
        .where(eq(customers.id, customerId));
      return rows[0];
    },
    async openWallet(customerId: number, tx: Tx = db) {
      await tx.insert(wallets).values({ customerId }).onConflictDoNothing();
    },
  };
}
export type CreditRepository = ReturnType<typeof createCreditRepository>;
