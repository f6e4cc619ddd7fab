import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** A supplier of PINs, owned like the catalogue by the platform or a reseller (spec section 3). */
export const suppliers = pgTable(
  'suppliers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ownerCustomerId: integer('owner_customer_id')
      .notNull()
      .references(() => customers.id),
    fullName: text('full_name').notNull(),
    company: text().notNull().default(''),
    email: text().notNull().default(''),
    mobile: text().notNull().default(''),
    telephone: text().notNull().default(''),
    address: text().notNull().default(''),
    city: text().notNull().default(''),
    postalcode: text().notNull().default(''),
    country: text().notNull().default(''),
    ustidnr: text().notNull().default(''),
    stnr: text().notNull().default(''),
    remarks: text().notNull().default(''),
    status: boolean().notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('suppliers_owner_idx').on(t.ownerCustomerId, t.fullName)],
);
