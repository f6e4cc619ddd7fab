import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The VAT treatment of provider goods over time (issue 35, decision 0132): per provider (`dynamic_product_id` 0) and,
 * for soft pins, per dynamic product (its own entries replace the provider's). Append-only like a product's VAT
 * history: a new entry starts after every existing one of its subject (never backdated), nothing is changed or
 * deleted. The migration writes each provider's documented default as its first entry, valid since ever.
 * - `mpv` multi-purpose voucher (rate 0), `spv` single-purpose voucher at 7 or 19 %;
 * - `carrier`: a bus fare sold in the carrier's name (bus tickets only): a pass-through, not the seller's supply, so
 *   no VAT on the portal's invoices; `vat_rate` is the carrier's rate printed on the ticket with `carrier` (its name
 *   and address, § 34 UStDV).
 */
export const providerVatTreatments = pgTable(
  'provider_vat_treatments',
  {
    provider: text().notNull(),
    dynamicProductId: integer('dynamic_product_id').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    treatment: text().notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    carrier: text(),
    /** The superadmin who set it; null for the migration's default. */
    setBy: integer('set_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.dynamicProductId, t.validFrom] }),
    check(
      'provider_vat_treatments_provider_chk',
      sql`${t.provider} in ('dtone', 'direct_recharge', 'softpin', 'flixbus')`,
    ),
    check(
      'provider_vat_treatments_rate_chk',
      sql`(${t.treatment} = 'mpv' and ${t.vatRate} = 0) or (${t.treatment} in ('spv', 'carrier') and ${t.vatRate} in (7, 19))`,
    ),
    check(
      'provider_vat_treatments_carrier_chk',
      sql`(${t.treatment} = 'carrier') = (${t.carrier} is not null) and (${t.treatment} <> 'carrier' or ${t.provider} = 'flixbus')`,
    ),
    check('provider_vat_treatments_product_chk', sql`${t.dynamicProductId} = 0 or ${t.provider} = 'softpin'`),
  ],
);
