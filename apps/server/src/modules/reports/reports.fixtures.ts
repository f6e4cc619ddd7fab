import { ROLE, ROLE_FLAGS, type Role } from '@portal/contract/roles';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { users } from '../../db/schema/customers.ts';
import { staffAssignments } from '../../db/schema/staff.ts';
import { DEMO_PASSWORD } from '../../seed.ts';
import { hashPassword } from '../auth/account.ts';
import { demoIds, insertCustomer } from '../customers/customers.fixtures.ts';

/** Test helpers of the reports: users of any role and sales written straight into the table. */

export async function insertUser(
  db: Db,
  u: { customerId: number; username: string; role: Role; internalRole: 0 | 1; features?: readonly string[] },
) {
  const {
    rows: [c],
  } = await db.execute<{ organisation_id: number }>(
    sql`select organisation_id from customers where id = ${u.customerId}`,
  );
  if (!c) throw new Error(`no customer ${u.customerId}`);
  const [row] = await db
    .insert(users)
    .values({
      customerId: u.customerId,
      organisationId: c.organisation_id,
      username: u.username,
      name: u.username,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      accountRole: u.role,
      internalRole: u.internalRole,
      features: [...(u.features ?? ROLE_FLAGS[u.role])],
    })
    .returning({ id: users.id });
  return row!.id; // insert … returning answers the row it inserted
}

export async function assignCustomer(db: Db, staffUserId: number, customerId: number, by: number) {
  await db.insert(staffAssignments).values({ staffUserId, customerId, assignedBy: by, assignedAt: new Date() });
}

/**
 * The demo tenant beside a second one, for the scope rules of the reports: Other Reseller AG with its shop,
 * a platform staff member assigned to it, and the demo reseller's staff assigned to the demo shop. With
 * `shopTwo` the demo reseller gets a second shop first. The ids are read after all of it.
 */
export async function twoTenants(db: Db, o: { shopTwo?: boolean } = {}) {
  const platform = (await demoIds(db)).platform;
  const shop = (name: string, parentId: number, username: string) =>
    insertCustomer(db, { name, accountRole: 2, parentId, username, password: DEMO_PASSWORD });
  const shopTwo = o.shopTwo ? await shop('Demo Shop Hamburg', (await demoIds(db)).reseller, 'shop-two') : null;
  const otherReseller = await insertCustomer(db, {
    name: 'Other Reseller AG',
    accountRole: 1,
    parentId: platform,
    username: 'other-reseller',
    password: DEMO_PASSWORD,
  });
  const otherShop = await shop('Other Shop', otherReseller.customerId, 'other-shop');
  const platformStaff = await insertUser(db, {
    customerId: platform,
    username: 'platform-staff',
    role: ROLE.superadmin,
    internalRole: 1,
  });
  const before = await demoIds(db);
  await assignCustomer(db, platformStaff, otherReseller.customerId, before.user('superadmin'));
  await assignCustomer(db, before.user('reseller-staff'), before.seller, before.user('reseller'));
  return { ids: await demoIds(db), shopTwo, otherReseller, otherShop, platformStaff };
}

export interface SaleSeed {
  customerId: number;
  userId: number;
  resellerId: number;
  ownerCustomerId: number;
  productId: number;
  configurationId: number;
  kind: 'single' | 'bulk';
  quantity: number;
  faceValue: string;
  sellerPrice: string;
  resellerPrice: string | null;
  totalCost: string;
  createdAt: Date;
}

/** Sales rows as the purchase writes them (no PINs: the reports read only the sales table). */
export async function insertSales(db: Db, sales: SaleSeed[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < sales.length; i += 500) {
    const values = sales.slice(i, i + 500).map(
      (s) => sql`(${s.customerId}, ${s.userId}, ${s.resellerId}, ${s.ownerCustomerId}, ${s.productId},
        ${s.configurationId}, ${s.kind}, ${s.quantity}, ${s.faceValue}, ${s.sellerPrice}, ${s.resellerPrice},
        ${s.totalCost}, ${s.createdAt.toISOString()}::timestamptz)`,
    );
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into sales (customer_id, user_id, reseller_id, owner_customer_id, product_id, configuration_id, kind,
        quantity, face_value, seller_price, reseller_price, total_cost, created_at)
      values ${sql.join(values, sql`, `)} returning id`);
    ids.push(...rows.map((r) => Number(r.id)));
  }
  return ids;
}

/** A deterministic pseudo-random source (a linear congruential generator): the same seed gives the same sales. */
export function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** A denomination in stock, with its owner. */
export type SeedStock = { ownerId: number; productId: number; configurationId: number };

/** What the random sales of a test are drawn from. */
export interface RandomSaleOptions {
  /** The shop that sells, its reseller, and the users who may have sold. */
  shop: { customerId: number; resellerId: number; users: readonly number[] };
  /** The platform's stock (sold with a reseller price) and a reseller's own (sold only by that reseller's shops). */
  stocks: { platform: SeedStock; reseller: SeedStock };
  /** The odds that a shop of the stock's reseller sells the reseller's own stock. */
  ownShare: number;
  /** 1 to this many PINs; more than `bulkAbove` is a bulk sale. */
  maxQuantity: number;
  bulkAbove: number;
  /** The prices a PIN of 10 € is sold at, one picked per sale (the shop's S, the reseller's R). */
  sellerPrices: readonly string[];
  resellerPrices: readonly string[];
  /** The cost C of a PIN. */
  unitCost: string;
  /** When it was sold, drawn last. */
  at: () => Date;
}

/**
 * One random sale as the purchase writes it (the reports read only the sales table): of the reseller's own stock or
 * the platform's, a random number of 10 € PINs by a random user of the shop at a random price.
 */
export function randomSaleSeed(random: () => number, o: RandomSaleOptions): SaleSeed {
  const pick = <T>(xs: readonly T[]): T => {
    const x = xs[Math.floor(random() * xs.length)];
    if (x === undefined) throw new Error('nothing to pick from');
    return x;
  };
  const own = o.shop.resellerId === o.stocks.reseller.ownerId && random() < o.ownShare;
  const stock = own ? o.stocks.reseller : o.stocks.platform;
  const quantity = 1 + Math.floor(random() * o.maxQuantity);
  return {
    customerId: o.shop.customerId,
    userId: pick(o.shop.users),
    resellerId: o.shop.resellerId,
    ownerCustomerId: stock.ownerId,
    productId: stock.productId,
    configurationId: stock.configurationId,
    kind: quantity > o.bulkAbove ? 'bulk' : 'single',
    quantity,
    faceValue: '10.0000',
    sellerPrice: pick(o.sellerPrices),
    resellerPrice: own ? null : pick(o.resellerPrices),
    totalCost: new Decimal(o.unitCost).times(quantity).toFixed(4),
    createdAt: o.at(),
  };
}
