import { ROLE_FLAGS } from '@portal/contract/roles';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { customers, users } from '../../db/schema/customers.ts';
import { DEMO_PASSWORD } from '../../seed.ts';
import { hashPassword } from '../auth/account.ts';

/** Ids of the demo data (seed.ts), for tests. */
export async function demoIds(db: Db) {
  const rows = await db.execute<{ name: string; id: number }>(sql`select name, id from customers`);
  const byName = new Map(rows.rows.map((r) => [r.name, r.id]));
  const userRows = await db.execute<{ username: string; id: number }>(sql`select username, id from users`);
  const user = new Map(userRows.rows.map((r) => [r.username, r.id]));
  return {
    platform: byName.get('Demo Prepaid')!,
    reseller: byName.get('Demo Reseller GmbH')!,
    seller: byName.get('Demo Shop Berlin')!,
    user: (username: string) => user.get(username)!,
  };
}

/**
 * A customer with its main user and wallet, straight into the database: tests use it for tenants the
 * API under test must keep apart (another reseller, another reseller's shop).
 */
export async function insertCustomer(
  db: Db,
  c: { name: string; accountRole: 1 | 2; parentId: number; creditLimit?: string; username: string; password?: string },
) {
  const [parent] = await db
    .select({ organisationId: customers.organisationId })
    .from(customers)
    .where(eq(customers.id, c.parentId));
  if (!parent) throw new Error(`no parent customer ${c.parentId}`);
  const { organisationId } = parent;
  const [row] = await db
    .insert(customers)
    .values({
      organisationId,
      parentId: c.parentId,
      accountRole: c.accountRole,
      name: c.name,
      creditLimit: c.creditLimit ?? '0',
      features: [...ROLE_FLAGS[c.accountRole]],
    })
    .returning({ id: customers.id });
  if (!row) throw new Error('the customer insert returned no row');
  await db.execute(sql`select open_wallet(${row.id})`);
  const [user] = await db
    .insert(users)
    .values({
      customerId: row.id,
      organisationId,
      username: c.username,
      name: c.name,
      passwordHash: c.password ? await hashPassword(c.password) : null,
      accountRole: c.accountRole,
      internalRole: 0,
      isMain: true,
      features: [...ROLE_FLAGS[c.accountRole]],
    })
    .returning({ id: users.id });
  if (!user) throw new Error('the user insert returned no row');
  return { customerId: row.id, userId: user.id };
}

/**
 * Another reseller (main user `other-reseller`) with one shop (`other-shop`), both with the demo password: the
 * tenant every API under test must keep apart from the demo reseller.
 */
export async function insertOtherTenant(
  db: Db,
  platformId: number,
  creditLimits: { reseller?: string; shop?: string } = {},
) {
  const reseller = await insertCustomer(db, {
    name: 'Other Reseller AG',
    accountRole: 1,
    parentId: platformId,
    username: 'other-reseller',
    password: DEMO_PASSWORD,
    creditLimit: creditLimits.reseller,
  });
  const shop = await insertCustomer(db, {
    name: 'Other Shop',
    accountRole: 2,
    parentId: reseller.customerId,
    username: 'other-shop',
    password: DEMO_PASSWORD,
    creditLimit: creditLimits.shop,
  });
  return { reseller, shop };
}
