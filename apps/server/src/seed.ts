import { ROLE, ROLE_FLAGS, type Role } from '@portal/contract/roles';
import { eq, sql } from 'drizzle-orm';
import { asActor } from './db/audit.ts';
import type { Db } from './db/connect.ts';
import { discountSlabs } from './db/schema/assignments.ts';
import { customers, users } from './db/schema/customers.ts';
import { organisationHosts, organisations } from './db/schema/organisations.ts';
import { hashPassword } from './modules/auth/account.ts';

export const DEMO_PASSWORD = 'Demo#2026';
export const DEMO_ORGANISATION = 'Demo Prepaid';
export const DEMO_SLABS = ['Standard', 'Partner'] as const;

/** Demo data of the foundation issue; created once (skipped when the demo organisation exists). */
export function seedDemo(db: Db): Promise<boolean> {
  // The demo data is recorded in the audit trail as the seed's (decision 0141).
  return asActor('seed', () => seedDemoData(db));
}

async function seedDemoData(db: Db): Promise<boolean> {
  const existing = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.name, DEMO_ORGANISATION));
  if (existing.length > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organisations)
      .values({
        name: DEMO_ORGANISATION,
        supportEmail: 'support@demo-prepaid.example',
        supportPhone: '+49 30 1234567',
        supportText: 'Mon–Fri 9:00–18:00',
      })
      .returning({ id: organisations.id });
    if (!org) throw new Error('the organisation insert returned no row');
    await tx.insert(organisationHosts).values([
      { host: 'localhost', organisationId: org.id },
      { host: '127.0.0.1', organisationId: org.id },
    ]);
    const customer = async (accountRole: 0 | 1 | 2, name: string, parentId: number | null, creditLimit: string) => {
      const [c] = await tx
        .insert(customers)
        .values({
          organisationId: org.id,
          accountRole,
          name,
          parentId,
          creditLimit,
          features: [...ROLE_FLAGS[accountRole as Role], ...(accountRole === 2 ? ROLE_FLAGS[ROLE.webSupport] : [])],
          address: { address: 'Friedrichstraße', house_no: String(100 + accountRole), postal: '10117', city: 'Berlin' },
          // Invoice issuers need a tax id; demo values in the format of a German USt-IdNr.
          ...(accountRole === 2
            ? {}
            : {
                legalName: name,
                vatId: `DE${String(123456780 + accountRole)}`,
                taxNumber: `30/123/4567${accountRole}`,
                // XRechnung names the seller's phone (BR-DE-6); demo issuers have no main user's mobile.
                alternativeMobiles: [`+49 30 1234567${accountRole}`],
              }),
        })
        .returning({ id: customers.id });
      if (!c) throw new Error(`the customer insert of ${name} returned no row`);
      await tx.execute(sql`select open_wallet(${c.id})`);
      return c.id;
    };
    const platform = await customer(0, DEMO_ORGANISATION, null, '0');
    const reseller = await customer(1, 'Demo Reseller GmbH', platform, '10000');
    const seller = await customer(2, 'Demo Shop Berlin', reseller, '1000');
    // Discount slabs to choose from at the first assignment; a slab gives no discount on a denomination until
    // its owner sets one on the slab's page (DEMO_SLABS).
    await tx
      .insert(discountSlabs)
      .values(
        [platform, reseller].flatMap((owner) =>
          DEMO_SLABS.map((name) => ({ ownerCustomerId: owner, name, createdAt: new Date() })),
        ),
      );
    const user = (
      customerId: number,
      username: string,
      name: string,
      accountRole: Role,
      internalRole: 0 | 1,
      extra: Partial<typeof users.$inferInsert> = {},
    ) => ({
      customerId,
      organisationId: org.id,
      username,
      name,
      passwordHash,
      accountRole,
      internalRole,
      isMain: internalRole === 0 && accountRole !== ROLE.webSupport,
      email: `${username}@demo-prepaid.example`,
      features: [...ROLE_FLAGS[accountRole]],
      ...extra,
    });
    await tx
      .insert(users)
      .values([
        user(platform, 'superadmin', 'Platform Admin', ROLE.superadmin, 0),
        user(reseller, 'reseller', 'Reseller Owner', ROLE.reseller, 0),
        user(reseller, 'reseller-staff', 'Reseller Staff', ROLE.reseller, 1, { isMain: false }),
        user(seller, 'seller', 'Shop Owner', ROLE.seller, 0),
        user(seller, 'seller-staff', 'Shop Staff', ROLE.seller, 1, { isMain: false }),
        user(seller, 'support', 'Web Support', ROLE.webSupport, 1, { isMain: false, enableWebView: true }),
      ]);
  });
  return true;
}
