import type { VatProvider } from '@portal/contract/provider-vat';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { providerVatAt } from '../../db/sql.ts';

export type ProviderVatRecord = {
  provider: VatProvider;
  dynamic_product_id: number;
  valid_from: Date | string;
  treatment: 'mpv' | 'spv' | 'carrier';
  vat_rate: string;
  carrier: string | null;
  set_by: string | null;
};

export function createProviderVatRepository(db: Db) {
  return {
    /** Every entry, of the providers and of the dynamic products, oldest first, with who set it. */
    async findAll(): Promise<ProviderVatRecord[]> {
      const { rows } = await db.execute<ProviderVatRecord>(sql`
        select t.provider, t.dynamic_product_id, t.valid_from, t.treatment, t.vat_rate::text, t.carrier,
               u.username as set_by
        from provider_vat_treatments t left join users u on u.id = t.set_by
        order by t.provider, t.dynamic_product_id, t.valid_from`);
      return rows;
    },

    /** The soft-pin products the platform configured, to list beside the providers. */
    async findDynamicProducts(): Promise<{ id: number; name: string }[]> {
      const { rows } = await db.execute<{ id: number; name: string }>(
        sql`select id, name from dynamic_products where provider = 'softpin' order by id`,
      );
      return rows;
    },

    async dynamicProductExists(id: number): Promise<boolean> {
      const { rows } = await db.execute(sql`select 1 from dynamic_products where id = ${id} and provider = 'softpin'`);
      return rows.length > 0;
    },

    /**
     * A new entry from `at` on. Entries of one subject are set one at a time (transaction-level advisory lock on
     * the subject); one within the same millisecond as the last starts a millisecond after it, so the later one
     * is in force. The database refuses a backdated entry.
     */
    async append(
      e: {
        provider: VatProvider;
        dynamicProductId: number;
        treatment: string;
        vatRate: string;
        carrier: string | null;
        setBy: number;
      },
      at: Date,
      tx: Tx,
    ) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`provider-vat:${e.provider}:${e.dynamicProductId}`}))`,
      );
      await tx.execute(sql`
        insert into provider_vat_treatments (provider, dynamic_product_id, valid_from, treatment, vat_rate, carrier, set_by)
        select ${e.provider}, ${e.dynamicProductId},
               greatest(${at.toISOString()}::timestamptz, max(valid_from) + interval '1 millisecond'),
               ${e.treatment}, ${e.vatRate}, ${e.carrier}, ${e.setBy}
        from provider_vat_treatments where provider = ${e.provider} and dynamic_product_id = ${e.dynamicProductId}`);
    },

    /** The entry in force for one provider's goods at `at` (the bus ticket prints the carrier's). */
    async findAt(provider: VatProvider, dynamicProductId: number, at: Date) {
      const { rows } = await db.execute<{ treatment: string; vat_rate: string; carrier: string | null }>(
        sql`select * from ${providerVatAt(sql`${provider}`, sql`${dynamicProductId}`, sql`${at.toISOString()}::timestamptz`)} v`,
      );
      return rows[0];
    },
  };
}
export type ProviderVatRepository = ReturnType<typeof createProviderVatRepository>;
