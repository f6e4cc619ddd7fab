import type { Envelope } from '@portal/contract/envelope';
import { LIMITS } from '@portal/contract/limits';
import type { ProductType } from '@portal/contract/products';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { effectiveDiscount } from '../../db/scopes.ts';
import { berlinDayEndSql, berlinDayStartSql, likePattern } from '../../db/sql.ts';

/**
 * Advisory lock class of a shop's open sales period: purchases hold it shared, closing the day holds it
 * exclusively, so a Z report never misses a sale that was still being written when it was issued.
 * `portal_purchase` takes it with the same number.
 */
const SALES_PERIOD_LOCK = 5;

type Address = { address: string; house_no: string; postal: string; city: string } | null;

/** The parameters of `portal_purchase` (migration 0008): the key step's, then the purchase's. */
export interface PurchaseCall {
  key: string;
  sessionId: string;
  userId: number;
  requestHash: string;
  waitMs: number;
  lifetimeMs: number;
  customerId: number;
  configurationId: number;
  quantity: number;
  kind: 'single' | 'bulk';
  allowedTypes: ProductType[];
  at: Date;
  downloadExpiresAt: Date | null;
}

/** What `portal_purchase` answers; amounts are decimal strings, PINs still encrypted (base64). */
export type PurchaseOutcome =
  | { outcome: 'error'; code: 'in_progress' | 'key_invalid' | 'key_reused' | 'forbidden' }
  | { outcome: 'replay'; status: number; stored: { sale_id?: number; refusal?: Envelope } }
  | { outcome: 'refused'; status: number; refusal: Envelope }
  | {
      outcome: 'sold';
      sale: Omit<SaleRecord, 'customer_id' | 'user_id' | 'username' | 'created_at'> & { created_at: string };
      pins: { pin_id: number; ciphertext: string; serial: string | null; lot: string }[];
      auto_credit_ids: number[];
    };

const PURCHASE = {
  name: 'portal_purchase',
  text: 'select portal_purchase($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) as r',
};

export type SaleRecord = {
  id: number;
  customer_id: number;
  user_id: number;
  kind: 'single' | 'bulk';
  quantity: number;
  face_value: string;
  seller_price: string;
  created_at: Date;
  product_id: number;
  product_name: string;
  product_type: ProductType;
  product_image: string | null;
  customer_care: string;
  instructions: string;
  configuration_id: number;
  info: string;
  username: string;
  shop_name: string;
  shop_address: Address;
  mask_seller_discount: boolean;
  download_id: string | null;
};

export type SalePinRow = {
  pin_id: number;
  pin_ciphertext: Buffer;
  pin_hint: string;
  pin_length: number;
  serial: string | null;
  lot: string;
};

export interface SalesFilter {
  customerId: number;
  userId?: number;
  from?: string;
  to?: string;
  productType?: ProductType;
  configurationId?: number;
}

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

export function createSellingRepository(db: Db) {
  function salesWhere(f: SalesFilter): SQL {
    return sql.join(
      [
        sql`s.customer_id = ${f.customerId}`,
        f.userId !== undefined ? sql`s.user_id = ${f.userId}` : undefined,
        f.from ? sql`s.created_at >= ${berlinDayStartSql(f.from)}` : undefined,
        f.to ? sql`s.created_at < ${berlinDayEndSql(f.to)}` : undefined,
        f.productType ? sql`p.product_type = ${f.productType}` : undefined,
        f.configurationId ? sql`s.configuration_id = ${f.configurationId}` : undefined,
      ].filter((x) => x !== undefined),
      sql` and `,
    );
  }

  return {
    /**
     * A purchase in one call: the key step, the checks, the claim, the sale, the ledger entry and the key's
     * outcome run inside the database function, in the statement's own transaction, so the transaction
     * is open for one round trip. Named, so each connection plans it once.
     */
    async purchase(p: PurchaseCall): Promise<PurchaseOutcome> {
      try {
        const { rows } = await db.$client.query<{ r: PurchaseOutcome }>({
          ...PURCHASE,
          values: [
            p.key,
            p.sessionId,
            p.userId,
            p.requestHash,
            p.waitMs,
            p.lifetimeMs,
            p.customerId,
            p.configurationId,
            p.quantity,
            p.kind,
            p.allowedTypes,
            p.at,
            p.downloadExpiresAt,
          ],
        });
        return rows[0].r;
      } catch (err) {
        // The key's row stayed locked by a purchase with the same key for longer than the wait.
        if ((err as { code?: string }).code === '55P03') return { outcome: 'error', code: 'in_progress' };
        throw err;
      }
    },

    async findSale(saleId: number, customerId: number, tx: Tx = db): Promise<SaleRecord | undefined> {
      const { rows } = await tx.execute<SaleRecord>(sql`
        select s.id, s.customer_id, s.user_id, s.kind, s.quantity, s.face_value, s.seller_price, s.created_at,
          p.id as product_id, p.product_name, p.product_type, p.product_image, p.customer_care, p.instructions,
          c.id as configuration_id, c.info, u.username, shop.name as shop_name, shop.address as shop_address,
          shop.mask_seller_discount, d.id as download_id
        from sales s
        join products p on p.id = s.product_id
        join product_configurations c on c.id = s.configuration_id
        join users u on u.id = s.user_id
        join customers shop on shop.id = s.customer_id
        left join sale_downloads d on d.sale_id = s.id
        where s.id = ${saleId} and s.customer_id = ${customerId}`);
      if (!rows[0]) return undefined;
      return { ...rows[0], id: Number(rows[0].id), created_at: new Date(rows[0].created_at) };
    },

    async findSalePins(saleId: number, pinIds?: number[], tx: Tx = db): Promise<SalePinRow[]> {
      const { rows } = await tx.execute<SalePinRow>(sql`
        select pn.id as pin_id, pn.pin_ciphertext, pn.pin_hint, pn.pin_length, pn.serial, pn.lot
        from sale_pins sp join pins pn on pn.id = sp.pin_id
        where sp.sale_id = ${saleId}
          ${pinIds ? sql`and sp.pin_id in ${pinIds}` : sql``}
        order by pn.id`);
      return rows.map((r) => ({ ...r, pin_id: Number(r.pin_id) }));
    },

    async insertReveal(
      r: {
        saleId: number;
        customerId: number;
        userId: number;
        kind: 'replay' | 'reprint' | 'download';
        pinIds: number[] | null;
        at: Date;
      },
      tx: Tx = db,
    ) {
      await tx.execute(sql`
        insert into pin_reveals (sale_id, customer_id, user_id, kind, pin_ids, created_at)
        values (${r.saleId}, ${r.customerId}, ${r.userId}, ${r.kind},
                ${r.pinIds ? sql`${`{${r.pinIds.join(',')}}`}::bigint[]` : sql`null`}, ${r.at})`);
    },

    async findSalesPage(f: SalesFilter, p: { limit: number; offset: number }) {
      const where = salesWhere(f);
      const [items, total] = await Promise.all([
        db.execute<{
          id: number;
          created_at: Date;
          kind: 'single' | 'bulk';
          product_id: number;
          product_name: string;
          product_type: ProductType;
          configuration_id: number;
          face_value: string;
          seller_price: string;
          quantity: number;
          user_id: number;
          username: string;
          download_id: string | null;
        }>(sql`
          select s.id, s.created_at, s.kind, p.id as product_id, p.product_name, p.product_type, s.configuration_id,
            s.face_value, s.seller_price, s.quantity, s.user_id, u.username, d.id as download_id
          from sales s
          join products p on p.id = s.product_id
          join users u on u.id = s.user_id
          left join sale_downloads d on d.sale_id = s.id
          where ${where}
          order by s.created_at desc, s.id desc
          limit ${p.limit} offset ${p.offset}`),
        db.execute<{ n: number }>(sql`
          select count(*)::int as n from sales s join products p on p.id = s.product_id where ${where}`),
      ]);
      return { items: items.rows.map((r) => ({ ...r, id: Number(r.id) })), total: total.rows[0].n };
    },

    /** Totals per configuration and user of the sales after `afterSaleId` (up to `upToSaleId`). */
    async findTotals(
      q: { customerId: number; afterSaleId: number; upToSaleId?: number; userId?: number },
      tx: Tx = db,
    ) {
      const { rows } = await tx.execute<TotalsRow>(sql`
        select p.id as product_id, p.product_name, s.configuration_id, s.face_value as value,
          s.user_id, u.username, u.name, count(*)::int as sales_count, sum(s.quantity)::int as quantity,
          sum(s.face_value * s.quantity) as total_value, sum(s.seller_price * s.quantity) as total_price
        from sales s
        join products p on p.id = s.product_id
        join users u on u.id = s.user_id
        where s.customer_id = ${q.customerId} and s.id > ${q.afterSaleId}
          ${q.upToSaleId !== undefined ? sql`and s.id <= ${q.upToSaleId}` : sql``}
          ${q.userId !== undefined ? sql`and s.user_id = ${q.userId}` : sql``}
        group by p.id, p.product_name, s.configuration_id, s.face_value, s.user_id, u.username, u.name
        order by p.product_name, s.face_value, u.username`);
      return rows;
    },

    /** The shop's sales of one Berlin day, for the dashboard. */
    async findDayTotals(customerId: number, day: string, userId?: number) {
      const { rows } = await db.execute<{
        sales_count: number;
        quantity: number;
        total_value: string;
        total_price: string;
      }>(sql`
        select count(*)::int as sales_count, coalesce(sum(quantity), 0)::int as quantity,
          coalesce(sum(face_value * quantity), 0) as total_value, coalesce(sum(seller_price * quantity), 0) as total_price
        from sales s
        where s.customer_id = ${customerId} and s.created_at >= ${berlinDayStartSql(day)} and s.created_at < ${berlinDayEndSql(day)}
          ${userId !== undefined ? sql`and s.user_id = ${userId}` : sql``}`);
      return rows[0];
    },

    async findCounter(customerId: number, tx: Tx = db) {
      const { rows } = await tx.execute<{ last_number: number; last_sale_id: number; last_closed_at: Date | null }>(
        sql`select last_number, last_sale_id, last_closed_at from z_report_counters where customer_id = ${customerId}`,
      );
      return rows[0] ?? { last_number: 0, last_sale_id: 0, last_closed_at: null };
    },

    /**
     * Serialises closing the day of one shop: the counter row (created on first use) is locked first,
     * then the sales-period lock is taken exclusively, which waits for purchases still writing.
     */
    async lockCounter(customerId: number, tx: Tx) {
      await tx.execute(sql`
        insert into z_report_counters (customer_id, last_number, last_sale_id)
        values (${customerId}, 0, 0) on conflict do nothing`);
      const { rows } = await tx.execute<{ last_number: number; last_sale_id: number; last_closed_at: Date | null }>(
        sql`select last_number, last_sale_id, last_closed_at from z_report_counters
            where customer_id = ${customerId} for update`,
      );
      await tx.execute(sql`select pg_advisory_xact_lock(${SALES_PERIOD_LOCK}, ${customerId})`);
      return { ...rows[0], last_sale_id: Number(rows[0].last_sale_id) };
    },

    async findSaleRange(customerId: number, afterSaleId: number, tx: Tx) {
      const { rows } = await tx.execute<{ first_id: number | null; last_id: number | null }>(sql`
        select min(id) as first_id, max(id) as last_id from sales where customer_id = ${customerId} and id > ${afterSaleId}`);
      return { firstId: rows[0].first_id, lastId: rows[0].last_id };
    },

    async insertZReport(
      z: {
        customerId: number;
        number: number;
        firstSaleId: number;
        lastSaleId: number;
        periodStart: Date | null;
        closedAt: Date;
        closedBy: number;
        totals: unknown;
      },
      tx: Tx,
    ) {
      await tx.execute(sql`
        insert into z_reports (customer_id, number, first_sale_id, last_sale_id, period_start, closed_at, closed_by, totals)
        values (${z.customerId}, ${z.number}, ${z.firstSaleId}, ${z.lastSaleId}, ${z.periodStart}, ${z.closedAt},
                ${z.closedBy}, ${JSON.stringify(z.totals)}::jsonb)`);
      await tx.execute(sql`
        update z_report_counters set last_number = ${z.number}, last_sale_id = ${z.lastSaleId},
          last_closed_at = ${z.closedAt}
        where customer_id = ${z.customerId}`);
    },

    async findZReport(customerId: number, number: number) {
      const { rows } = await db.execute<{
        number: number;
        first_sale_id: number | null;
        last_sale_id: number;
        period_start: Date | null;
        closed_at: Date;
        closed_by: string;
        totals: unknown;
      }>(sql`
        select z.number, z.first_sale_id, z.last_sale_id, z.period_start, z.closed_at, u.username as closed_by, z.totals
        from z_reports z join users u on u.id = z.closed_by
        where z.customer_id = ${customerId} and z.number = ${number}`);
      const r = rows[0];
      return (
        r && {
          ...r,
          first_sale_id: r.first_sale_id === null ? null : Number(r.first_sale_id),
          last_sale_id: Number(r.last_sale_id),
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
      return { items: items.rows, total: total.rows[0].n };
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

    /** The shop's own timings: the customer's columns, which the operator also edits (issue 4). */
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

    async findDownload(downloadId: string, userId: number) {
      if (!/^[0-9a-f-]{36}$/i.test(downloadId)) return undefined;
      const { rows } = await db.execute<{
        id: string;
        sale_id: number;
        customer_id: number;
        status: 'pending' | 'ready';
        csv_file_id: string | null;
        pdf_file_id: string | null;
        created_at: Date;
        expires_at: Date;
        product_name: string;
        face_value: string;
        quantity: number;
      }>(sql`
        select d.id, d.sale_id, d.customer_id, d.status, d.csv_file_id, d.pdf_file_id, d.created_at, d.expires_at,
          p.product_name, s.face_value, s.quantity
        from sale_downloads d join sales s on s.id = d.sale_id join products p on p.id = s.product_id
        where d.id = ${downloadId} and d.user_id = ${userId}`);
      const r = rows[0];
      return r && { ...r, created_at: new Date(r.created_at), expires_at: new Date(r.expires_at) };
    },

    /** The download row, locked, for the render job: a second run of the job finds it ready and stops. */
    async lockDownload(downloadId: string, tx: Tx) {
      const { rows } = await tx.execute<{
        id: string;
        sale_id: number;
        customer_id: number;
        status: string;
        expires_at: Date;
      }>(
        sql`select id, sale_id, customer_id, status, expires_at from sale_downloads where id = ${downloadId} for update`,
      );
      return rows[0] && { ...rows[0], expires_at: new Date(rows[0].expires_at) };
    },

    async markDownloadReady(downloadId: string, files: { csvFileId: string; pdfFileId: string }, at: Date, tx: Tx) {
      await tx.execute(sql`
        update sale_downloads set status = 'ready', csv_file_id = ${files.csvFileId}, pdf_file_id = ${files.pdfFileId},
          ready_at = ${at}
        where id = ${downloadId}`);
    },

    async findPendingDownloads(olderThan: Date) {
      const { rows } = await db.execute<{ id: string }>(sql`
        select id from sale_downloads where status = 'pending' and created_at < ${olderThan} order by created_at limit 100`);
      return rows.map((r) => r.id);
    },

    async fileSizes(fileIds: string[]) {
      if (fileIds.length === 0) return new Map<string, { name: string; size: number }>();
      const { rows } = await db.execute<{ id: string; name: string; size: number }>(
        sql`select id, name, size from stored_files where id in ${fileIds}`,
      );
      return new Map(rows.map((r) => [r.id, { name: r.name, size: r.size }]));
    },
  };
}
export type SellingRepository = ReturnType<typeof createSellingRepository>;
