import { LIMITS } from '@portal/contract/limits';
import type { ProductType } from '@portal/contract/products';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { effectiveDiscount } from '../../db/scopes.ts';
import {
  berlinDayEndSql,
  berlinDayStartSql,
  countParts,
  likePattern,
  providerSaleEvents,
  SALES_PERIOD_LOCK,
} from '../../db/sql.ts';

type Counter = {
  last_number: number;
  last_sale_id: number;
  last_provider_entry_id: number;
  last_closed_at: Date | null;
};

export type TotalsRow = {
  product_id: number;
  product_name: string;
  configuration_id: number;
  value: string;
  user_id: number;
  username: string;
  name: string;
  sales_count: number;
  quantity: number;
  total_value: string;
  total_price: string;
};

/** The configurations a shop can buy right now: its active assignment, active product and configuration. */
const SELLABLE = sql`pa.is_active and c.is_active and p.is_active and (
  p.owner_customer_id = shop.parent_id
  or (owner.account_role = 0 and (parent.account_role = 0 or exists (
    select 1 from product_assignments rpa
    where rpa.customer_id = shop.parent_id and rpa.configuration_id = c.id and rpa.is_active))))`;

/** The shop's side of selling: its settings, favourites, what it can sell, day totals and Z reports. */
/** The counts of the Z report and the dashboard's day: decision 0063's one definition (`countParts`). */
const pins = countParts(sql`s.kind`, sql`s.sales`, sql`s.quantity`);

export function createShopRepository(db: Db) {
  return {
    /**
     * Totals per configuration and user of the sales after `afterSaleId` (up to `upToSaleId`) and of the provider
     * sales whose success or refund entry lies after `afterProviderEntryId` (up to `upToProviderEntryId`), a refund
     * counting −1 (decision 0102). A provider sale has no configuration: its product name and retail price stand
     * for one, under product and configuration 0.
     */
    async findTotals(
      q: {
        customerId: number;
        afterSaleId: number;
        upToSaleId?: number;
        afterProviderEntryId: number;
        upToProviderEntryId?: number;
        userId?: number;
      },
      tx: Tx = db,
    ) {
      const byUser = q.userId !== undefined ? sql`and s.user_id = ${q.userId}` : sql``;
      const { rows } = await tx.execute<TotalsRow>(sql`
        select s.product_id, s.product_name, s.configuration_id, s.value, s.user_id, u.username, u.name,
          -- The counts of decision 0063's one definition: "PINs" are PINs from stock, as in the reports.
          sum(${pins.sales})::int as sales_count, sum(${pins.pins})::int as quantity,
          sum(s.value * s.quantity) as total_value, sum(s.seller_price * s.quantity) as total_price
        from (
          select s.product_id, p.product_name, s.configuration_id, s.face_value as value, s.user_id, 1 as sales,
            s.quantity, s.seller_price, s.kind
          from sales s join products p on p.id = s.product_id
          where s.customer_id = ${q.customerId} and s.id > ${q.afterSaleId}
            ${q.upToSaleId !== undefined ? sql`and s.id <= ${q.upToSaleId}` : sql``} ${byUser}
          union all
          select 0, s.product_name, 0, s.face_value, s.user_id, s.quantity, s.quantity, s.seller_price, s.kind
          from ${providerSaleEvents((id) =>
            q.upToProviderEntryId !== undefined
              ? sql`${id} > ${q.afterProviderEntryId} and ${id} <= ${q.upToProviderEntryId}`
              : sql`${id} > ${q.afterProviderEntryId}`,
          )} s
          where s.customer_id = ${q.customerId} ${byUser}
        ) s
        join users u on u.id = s.user_id
        group by s.product_id, s.product_name, s.configuration_id, s.value, s.user_id, u.username, u.name
        order by s.product_name, s.value, u.username`);
      return rows;
    },

    /** The shop's sales of one Berlin day, for the dashboard, its final provider sales included (decision 0102). */
    async findDayTotals(customerId: number, day: string, userId?: number) {
      const { rows } = await db.execute<{
        sales_count: number;
        quantity: number;
        total_value: string;
        total_price: string;
      }>(sql`
        select coalesce(sum(${pins.sales}), 0)::int as sales_count, coalesce(sum(${pins.pins}), 0)::int as quantity,
          coalesce(sum(face_value * quantity), 0) as total_value, coalesce(sum(seller_price * quantity), 0) as total_price
        from (
          select 1 as sales, s.quantity, s.face_value, s.seller_price, s.customer_id, s.user_id, s.created_at, s.kind
          from sales s
          union all
          select s.quantity, s.quantity, s.face_value, s.seller_price, s.customer_id, s.user_id, s.created_at, s.kind
          from ${providerSaleEvents()} s
        ) s
        where s.customer_id = ${customerId} and s.created_at >= ${berlinDayStartSql(day)} and s.created_at < ${berlinDayEndSql(day)}
          ${userId !== undefined ? sql`and s.user_id = ${userId}` : sql``}`);
      return rows[0]!; // sums without group by answer one row
    },

    async findCounter(customerId: number, tx: Tx = db) {
      const { rows } = await tx.execute<Counter>(
        sql`select last_number, last_sale_id, last_provider_entry_id, last_closed_at
            from z_report_counters where customer_id = ${customerId}`,
      );
      const c = rows[0] ?? { last_number: 0, last_sale_id: 0, last_provider_entry_id: 0, last_closed_at: null };
      return { ...c, last_sale_id: Number(c.last_sale_id), last_provider_entry_id: Number(c.last_provider_entry_id) };
    },

    /**
     * Serialises closing the day of one shop: the counter row (created on first use) is locked first,
     * then the sales-period lock is taken exclusively, which waits for purchases still writing.
     */
    async lockCounter(customerId: number, tx: Tx) {
      await tx.execute(sql`
        insert into z_report_counters (customer_id, last_number, last_sale_id)
        values (${customerId}, 0, 0) on conflict do nothing`);
      const { rows } = await tx.execute<Counter>(
        sql`select last_number, last_sale_id, last_provider_entry_id, last_closed_at from z_report_counters
            where customer_id = ${customerId} for update`,
      );
      await tx.execute(sql`select pg_advisory_xact_lock(${SALES_PERIOD_LOCK}, ${customerId})`);
      const c = rows[0]!; // the row exists: inserted just above when it was missing
      return { ...c, last_sale_id: Number(c.last_sale_id), last_provider_entry_id: Number(c.last_provider_entry_id) };
    },

    /** The shop's sales after a Z report's last: first and last id, and when the first was sold. */
    async findSaleRange(customerId: number, afterSaleId: number, tx: Tx = db) {
      const { rows } = await tx.execute<{ first_id: number | null; last_id: number | null; first_at: Date | null }>(sql`
        select min(id) as first_id, max(id) as last_id, min(created_at) as first_at
        from sales where customer_id = ${customerId} and id > ${afterSaleId}`);
      const r = rows[0]!; // aggregates without group by answer one row
      return { firstId: r.first_id, lastId: r.last_id, firstAt: r.first_at === null ? null : new Date(r.first_at) };
    },

    /**
     * The shop's provider sale events after a Z report's last entry (decision 0102): the last entry's id and when the
     * first happened. Read under the sales-period lock, which a provider sale's final status holds shared.
     */
    async findProviderRange(customerId: number, afterEntryId: number, tx: Tx = db) {
      const { rows } = await tx.execute<{ last_id: string | null; first_at: Date | null }>(sql`
        select max(s.entry_id) as last_id, min(s.created_at) as first_at
        from ${providerSaleEvents((id) => sql`${id} > ${afterEntryId}`)} s where s.customer_id = ${customerId}`);
      const r = rows[0]!; // aggregates without group by answer one row
      return {
        lastId: r.last_id === null ? null : Number(r.last_id),
        firstAt: r.first_at === null ? null : new Date(r.first_at),
      };
    },

    async insertZReport(
      z: {
        customerId: number;
        number: number;
        firstSaleId: number | null;
        lastSaleId: number;
        providerAfterEntryId: number;
        providerLastEntryId: number;
        periodStart: Date | null;
        closedAt: Date;
        closedBy: number;
        totals: unknown;
      },
      tx: Tx,
    ) {
      await tx.execute(sql`
        insert into z_reports (customer_id, number, first_sale_id, last_sale_id, provider_after_entry_id,
          provider_last_entry_id, period_start, closed_at, closed_by, totals)
        values (${z.customerId}, ${z.number}, ${z.firstSaleId}, ${z.lastSaleId}, ${z.providerAfterEntryId},
                ${z.providerLastEntryId}, ${z.periodStart}, ${z.closedAt}, ${z.closedBy}, ${JSON.stringify(z.totals)}::jsonb)`);
      await tx.execute(sql`
        update z_report_counters set last_number = ${z.number}, last_sale_id = ${z.lastSaleId},
          last_provider_entry_id = ${z.providerLastEntryId}, last_closed_at = ${z.closedAt}
        where customer_id = ${z.customerId}`);
    },

    async findZReport(customerId: number, number: number) {
      const { rows } = await db.execute<{
        number: number;
        first_sale_id: number | null;
        last_sale_id: number;
        provider_after_entry_id: number;
        provider_last_entry_id: number;
        period_start: Date | null;
        closed_at: Date;
        closed_by: string;
        totals: unknown;
      }>(sql`
        select z.number, z.first_sale_id, z.last_sale_id, z.provider_after_entry_id, z.provider_last_entry_id,
          z.period_start, z.closed_at, u.username as closed_by, z.totals
        from z_reports z join users u on u.id = z.closed_by
        where z.customer_id = ${customerId} and z.number = ${number}`);
      const r = rows[0];
      return (
        r && {
          ...r,
          first_sale_id: r.first_sale_id === null ? null : Number(r.first_sale_id),
          last_sale_id: Number(r.last_sale_id),
          provider_after_entry_id: Number(r.provider_after_entry_id),
          provider_last_entry_id: Number(r.provider_last_entry_id),
        }
      );
    },

    async findZReportsPage(customerId: number, p: { limit: number; offset: number }) {
      const [items, total] = await Promise.all([
        db.execute<{
          number: number;
          period_start: Date | null;
          closed_at: Date;
          closed_by: string;
          sales_count: number;
          total_value: string;
        }>(sql`
          select z.number, z.period_start, z.closed_at, u.username as closed_by,
            (z.totals->>'sales_count')::int as sales_count, z.totals->>'total_value' as total_value
          from z_reports z join users u on u.id = z.closed_by
          where z.customer_id = ${customerId}
          order by z.number desc limit ${p.limit} offset ${p.offset}`),
        db.execute<{ n: number }>(sql`select count(*)::int as n from z_reports where customer_id = ${customerId}`),
      ]);
      return { items: items.rows, total: total.rows[0]!.n }; // count(*) answers one row
    },

    /**
     * The configurations the shop can buy, with product details, its discount, PINs for sale counted up
     * to the maximum quantity, and whether the user starred it.
     */
    async findSellable(q: {
      customerId: number;
      userId: number;
      productTypes: ProductType[];
      productId?: number;
      configurationIds?: number[];
      search?: string;
    }) {
      if (q.productTypes.length === 0) return [];
      const { rows } = await db.execute<{
        configuration_id: number;
        value: string;
        info: string;
        product_id: number;
        product_name: string;
        product_type: ProductType;
        product_image: string | null;
        customer_care: string;
        instructions: string;
        pin_length: number;
        discount: string;
        available: number;
        favourite: boolean;
      }>(sql`
        select c.id as configuration_id, c.value, c.info, p.id as product_id, p.product_name, p.product_type,
          p.product_image, p.customer_care, p.instructions, p.pin_length,
          ${effectiveDiscount(sql`shop.id`, sql`c.id`)} as discount,
          (select count(*)::int from (select 1 from available_stock a where a.configuration_id = c.id
             limit ${LIMITS.maxPurchaseQuantity}) x) as available,
          exists (select 1 from favourites f where f.user_id = ${q.userId} and f.configuration_id = c.id) as favourite
        from customers shop
        join customers parent on parent.id = shop.parent_id
        join product_assignments pa on pa.customer_id = shop.id
        join product_configurations c on c.id = pa.configuration_id
        join products p on p.id = c.product_id
        join customers owner on owner.id = p.owner_customer_id
        where shop.id = ${q.customerId} and ${SELLABLE}
          and p.product_type in ${q.productTypes}
          ${q.productId ? sql`and p.id = ${q.productId}` : sql``}
          ${q.configurationIds ? sql`and c.id in ${q.configurationIds.length ? q.configurationIds : [0]}` : sql``}
          ${q.search ? sql`and p.product_name ilike ${likePattern(q.search)}` : sql``}
        order by p.product_name, p.id, c.value, c.id`);
      return rows;
    },

    async findFavouriteIds(userId: number) {
      const { rows } = await db.execute<{ configuration_id: number }>(
        sql`select configuration_id from favourites where user_id = ${userId} order by position`,
      );
      return rows.map((r) => r.configuration_id);
    },

    /** The shop's best sellers of the last 30 days: the favourites of a user who has none of their own. */
    async findBestSellerIds(customerId: number, since: Date, n: number) {
      const { rows } = await db.execute<{ configuration_id: number }>(sql`
        select configuration_id from sales where customer_id = ${customerId} and created_at >= ${since}
        group by configuration_id order by sum(quantity) desc, configuration_id limit ${n}`);
      return rows.map((r) => r.configuration_id);
    },

    async replaceFavourites(userId: number, configurationIds: number[]) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from favourites where user_id = ${userId}`);
        if (configurationIds.length === 0) return;
        await tx.execute(sql`
          insert into favourites (user_id, configuration_id, position)
          select ${userId}, id, ord from unnest(${`{${configurationIds.join(',')}}`}::int[]) with ordinality as t(id, ord)`);
      });
    },

    async findShop(customerId: number) {
      const { rows } = await db.execute<{
        name: string;
        shop_timings: Record<string, { open: string; close: string } | null> | null;
        holidays: string[] | null;
        lunch: { from: string; to: string } | null;
        mask_seller_discount: boolean;
        support_id: string | null;
      }>(sql`
        select c.name, c.shop_timings, c.holidays, c.lunch, c.mask_seller_discount, s.support_id
        from customers c left join shop_support_ids s on s.customer_id = c.id
        where c.id = ${customerId}`);
      return rows[0];
    },

    /** The shop's own timings: the customer's columns, which the operator also edits. */
    async updateShopTimings(customerId: number, t: { shop_timings?: unknown; holidays?: string[]; lunch?: unknown }) {
      await db.execute(sql`
        update customers set
          shop_timings = ${t.shop_timings === undefined ? sql`shop_timings` : sql`${JSON.stringify(t.shop_timings)}::jsonb`},
          holidays = ${t.holidays === undefined ? sql`holidays` : sql`${JSON.stringify(t.holidays)}::jsonb`},
          lunch = ${t.lunch === undefined ? sql`lunch` : sql`${JSON.stringify(t.lunch)}::jsonb`}
        where id = ${customerId}`);
    },

    async upsertSupportId(customerId: number, supportId: string, userId: number, at: Date) {
      await db.execute(sql`
        insert into shop_support_ids (customer_id, support_id, updated_by, updated_at)
        values (${customerId}, ${supportId}, ${userId}, ${at})
        on conflict (customer_id) do update set support_id = excluded.support_id,
          updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
    },
  };
}
export type ShopRepository = ReturnType<typeof createShopRepository>;
