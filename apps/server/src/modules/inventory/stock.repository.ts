import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { pins } from '../../db/schema/inventory.ts';
import { assignedTo } from '../../db/scopes.ts';
import { indexArray, likePattern } from '../../db/sql.ts';
import { type CountRow, countColumns } from './stock-counts.ts';

/** The PIN stock: counts, lots, their publishing, the search and the claim of unsold PINs. */
export function createStockRepository(db: Db) {
  return {
    async publishLot(configurationId: number, lot: string, tx: Tx) {
      const res = await tx.execute(sql`
        with flipped as (
          update pins set published = true
          where configuration_id = ${configurationId} and lot = ${lot} and not published and sold_at is null
          returning id, configuration_id)
        insert into available_stock (configuration_id, pin_id) select configuration_id, id from flipped`);
      return res.rowCount ?? 0;
    },
    /** Unpublishes a lot: its pins leave available_stock (a pin a sale holds right now stays with the sale). */
    async unpublishLot(configurationId: number, lot: string, tx: Tx) {
      const res = await tx.execute(sql`
        with gone as (
          delete from available_stock a using pins p
          where a.pin_id = p.id and a.configuration_id = ${configurationId}
            and p.configuration_id = ${configurationId} and p.lot = ${lot}
          returning a.pin_id)
        update pins set published = false where id in (select pin_id from gone)`);
      return res.rowCount ?? 0;
    },
    async lotExists(configurationId: number, lot: string) {
      const rows = await db
        .select({ id: pins.id })
        .from(pins)
        .where(and(eq(pins.configurationId, configurationId), eq(pins.lot, lot)))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Claims up to n pins of a configuration in the caller's transaction through `claim_pins`, the claim
     * the purchase runs too (DOMAIN.md): rows leave available_stock, skipping rows other sales hold, and
     * the pins are marked sold in the same statement, so `pins` and `available_stock` never disagree.
     * Returns fewer than n when stock runs short.
     */
    async claimPins(configurationId: number, n: number, tx: Tx) {
      const res = await tx.execute<{
        id: number;
        pin_ciphertext: Buffer;
        serial: string | null;
        lot: string;
        cost: string;
        buying_discount: string;
        supplier_id: number | null;
        owner_customer_id: number;
        product_id: number;
      }>(sql`select * from claim_pins(${configurationId}, ${n})`);
      return res.rows.map((r) => ({
        pinId: Number(r.id),
        pinCiphertext: r.pin_ciphertext,
        serial: r.serial,
        lot: r.lot,
        cost: r.cost,
        buyingDiscount: r.buying_discount,
        supplierId: r.supplier_id,
        ownerCustomerId: r.owner_customer_id,
        productId: r.product_id,
      }));
    },

    /**
     * A page of configurations with their stock counts: the customer's own, and (read-only) those the
     * platform assigned to it; `ownership` keeps one kind.
     */
    async findStockPage(q: {
      customerId: number;
      ownership?: 'own' | 'assigned';
      productTypes?: string[];
      productId?: number;
      search?: string;
      limit: number;
      offset: number;
    }) {
      const own = sql`pr.owner_customer_id = ${q.customerId}`;
      const assigned = sql`(pr.owner_customer_id <> ${q.customerId} and ${assignedTo(q.customerId, sql`c.id`)})`;
      const where = sql.join(
        [
          q.ownership === 'own' ? own : q.ownership === 'assigned' ? assigned : sql`(${own} or ${assigned})`,
          q.productTypes ? sql`pr.product_type in ${q.productTypes}` : undefined,
          q.productId ? sql`pr.id = ${q.productId}` : undefined,
          q.search ? sql`pr.product_name ilike ${likePattern(q.search)}` : undefined,
        ].filter((x) => x !== undefined),
        sql` and `,
      );
      const [items, total] = await Promise.all([
        db.execute<
          CountRow & {
            configuration_id: number;
            value: string;
            info: string;
            is_active: boolean;
            product_id: number;
            product_name: string;
            product_type: string;
            product_active: boolean;
            pin_length: number;
            assigned: boolean;
          }
        >(sql`
          select c.id as configuration_id, c.value, c.info, c.is_active, pr.id as product_id, pr.product_name,
                 pr.product_type, pr.is_active as product_active, pr.pin_length,
                 pr.owner_customer_id <> ${q.customerId} as assigned, s.*
          from product_configurations c
          join products pr on pr.id = c.product_id
          cross join lateral (
            select ${countColumns}
            from pins p left join available_stock a on a.pin_id = p.id
            where p.configuration_id = c.id) s
          where ${where}
          order by pr.product_name, pr.id, c.value, c.id
          limit ${q.limit} offset ${q.offset}`),
        db.execute<{ total: number }>(sql`
          select count(*)::int as total from product_configurations c join products pr on pr.id = c.product_id
          where ${where}`),
      ]);
      return { items: items.rows, total: total.rows[0]!.total }; // count(*) answers one row
    },

    async countConfiguration(configurationId: number): Promise<CountRow> {
      const res = await db.execute<CountRow>(sql`
        select ${countColumns} from pins p left join available_stock a on a.pin_id = p.id
        where p.configuration_id = ${configurationId}`);
      return res.rows[0]!; // aggregates without group by answer one row
    },

    async countLot(configurationId: number, lot: string): Promise<CountRow> {
      const res = await db.execute<CountRow>(sql`
        select ${countColumns} from pins p left join available_stock a on a.pin_id = p.id
        where p.configuration_id = ${configurationId} and p.lot = ${lot}`);
      return res.rows[0]!; // aggregates without group by answer one row
    },

    /** The lots of a configuration with their counts, supplier and import date. */
    async findLotPage(configurationId: number, limit: number, offset: number, lotSearch?: string) {
      const lotFilter = lotSearch ? sql`and p.lot ilike ${likePattern(lotSearch)}` : sql``;
      const [items, total] = await Promise.all([
        db.execute<
          CountRow & {
            lot: string;
            first_import_at: Date;
            supplier_name: string | null;
            buying_discount: string;
            cost: string;
          }
        >(sql`
          select p.lot, min(p.created_at) as first_import_at, min(s.full_name) as supplier_name,
                 max(p.buying_discount) as buying_discount, max(p.cost) as cost, ${countColumns}
          from pins p
          left join available_stock a on a.pin_id = p.id
          left join suppliers s on s.id = p.supplier_id
          where p.configuration_id = ${configurationId} ${lotFilter}
          group by p.lot
          order by min(p.created_at) desc, p.lot
          limit ${limit} offset ${offset}`),
        db.execute<{ total: number }>(sql`
          select count(distinct p.lot)::int as total from pins p
          where p.configuration_id = ${configurationId} ${lotFilter}`),
      ]);
      return { items: items.rows, total: total.rows[0]!.total }; // count(*) answers one row
    },

    async findLotPins(q: { configurationId: number; lot: string; status: string; limit: number; offset: number }) {
      const statusFilter = {
        all: sql``,
        available: sql`and p.sold_at is null and p.published`,
        sold: sql`and p.sold_at is not null`,
        unpublished: sql`and p.sold_at is null and not p.published`,
      }[q.status as 'all'];
      const base = sql`from pins p where p.configuration_id = ${q.configurationId} and p.lot = ${q.lot} ${statusFilter}`;
      const [items, total] = await Promise.all([
        db.execute<{
          id: number;
          pin_hint: string;
          pin_length: number;
          serial: string | null;
          published: boolean;
          sold_at: Date | null;
          created_at: Date;
          cost: string;
        }>(sql`select p.id, p.pin_hint, p.pin_length, p.serial, p.published, p.sold_at, p.created_at, p.cost ${base}
               order by p.id limit ${q.limit} offset ${q.offset}`),
        db.execute<{ total: number }>(sql`select count(*)::int as total ${base}`),
      ]);
      return { items: items.rows, total: total.rows[0]!.total }; // count(*) answers one row
    },

    /**
     * PIN search by blind index (exact match, under every key of the ring: decision 0148) or lot search;
     * ownerCustomerId null searches every owner.
     */
    async searchPins(q: {
      ownerCustomerId: number | null;
      pinIndexes?: string[];
      lot?: string;
      productTypes?: string[];
      limit: number;
      offset: number;
    }) {
      const where = sql.join(
        [
          q.ownerCustomerId !== null ? sql`p.owner_customer_id = ${q.ownerCustomerId}` : undefined,
          q.pinIndexes ? sql`p.pin_index = any(${indexArray(q.pinIndexes)})` : undefined,
          q.lot ? sql`p.lot ilike ${likePattern(q.lot)}` : undefined,
          q.productTypes ? sql`pr.product_type in ${q.productTypes}` : undefined,
        ].filter((x) => x !== undefined),
        sql` and `,
      );
      const base = sql`from pins p join products pr on pr.id = p.product_id
        join product_configurations c on c.id = p.configuration_id
        join customers o on o.id = p.owner_customer_id
        left join suppliers s on s.id = p.supplier_id
        left join available_stock a on a.pin_id = p.id
        where ${where}`;
      const [items, total] = await Promise.all([
        db.execute<{
          id: number;
          pin_hint: string;
          pin_length: number;
          serial: string | null;
          lot: string;
          published: boolean;
          sold_at: Date | null;
          created_at: Date;
          product_id: number;
          product_name: string;
          product_type: string;
          configuration_id: number;
          value: string;
          owner_name: string;
          supplier_name: string | null;
          available: boolean;
          import_id: number;
        }>(sql`select p.id, p.pin_hint, p.pin_length, p.serial, p.lot, p.published, p.sold_at, p.created_at,
                      pr.id as product_id, pr.product_name, pr.product_type, c.id as configuration_id, c.value,
                      o.name as owner_name, s.full_name as supplier_name, (a.pin_id is not null) as available,
                      p.import_id
               ${base} order by p.id desc limit ${q.limit} offset ${q.offset}`),
        db.execute<{ total: number }>(sql`select count(*)::int as total ${base}`),
      ]);
      return { items: items.rows, total: total.rows[0]!.total }; // count(*) answers one row
    },

    /** Lots (batches) of one owner's products whose number matches, with counts. */
    async findLots(q: {
      ownerCustomerId: number;
      lot: string;
      productTypes?: string[];
      limit: number;
      offset: number;
    }) {
      const typeFilter = q.productTypes ? sql`and pr.product_type in ${q.productTypes}` : sql``;
      const base = sql`from pins p join products pr on pr.id = p.product_id
        join product_configurations c on c.id = p.configuration_id
        left join available_stock a on a.pin_id = p.id
        where p.owner_customer_id = ${q.ownerCustomerId} and p.lot ilike ${likePattern(q.lot)} ${typeFilter}`;
      const [items, total] = await Promise.all([
        db.execute<
          CountRow & {
            lot: string;
            configuration_id: number;
            value: string;
            product_id: number;
            product_name: string;
            first_import_at: Date;
          }
        >(sql`select p.lot, c.id as configuration_id, c.value, pr.id as product_id, pr.product_name,
                     min(p.created_at) as first_import_at, ${countColumns}
              ${base} group by p.lot, c.id, c.value, pr.id, pr.product_name
              order by min(p.created_at) desc, p.lot limit ${q.limit} offset ${q.offset}`),
        db.execute<{ total: number }>(
          sql`select count(*)::int as total from (select 1 ${base} group by p.lot, c.id) x`,
        ),
      ]);
      return { items: items.rows, total: total.rows[0]!.total }; // count(*) answers one row
    },
  };
}
export type StockRepository = ReturnType<typeof createStockRepository>;
