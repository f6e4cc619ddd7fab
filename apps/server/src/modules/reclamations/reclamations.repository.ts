import type { ReclamationStatus } from '@portal/contract/reclamations';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { reclamationEvents, reclamationPins, reclamations } from '../../db/schema/reclamations.ts';
import { visibleReclamations, visibleSales } from '../../db/scopes.ts';
import { dynamicProductOf, indexArray, pageWindow, providerVatAt, vatAt } from '../../db/sql.ts';
import type { Viewer } from '../../platform/actor.ts';

/** A sale as a reclamation needs it: its parties and the per-unit prices the shop and its reseller paid. */
export type SaleRecord = {
  id: number;
  customer_id: number;
  user_id: number;
  reseller_id: number;
  owner_customer_id: number;
  product_id: number;
  configuration_id: number;
  face_value: string;
  seller_price: string;
  reseller_price: string | null;
  created_at: Date;
};

/** A soft pin's sale as a reclamation needs it: its parties (the platform owns the goods) and its status. */
export type SoftPinSaleRecord = {
  id: number;
  customer_id: number;
  reseller_id: number;
  platform_id: number;
  status: string;
};

export type ReclamationRecord = {
  id: number;
  status: ReclamationStatus;
  reason: string;
  reject_reason: string | null;
  requested_user: string;
  transaction_date: Date | string;
  created_at: Date | string;
  shop_id: number;
  shop_name: string;
  reseller_id: number;
  owner_id: number;
  sale_id: number;
  sale_kind: 'pin' | 'softpin';
  sale_user_id: number;
  product_id: number;
  configuration_id: number;
  product_name: string;
  value: string;
  seller_price: string;
  reseller_price: string | null;
  vat_treatment: 'mpv' | 'spv' | 'carrier';
  vat_rate: string;
  quantity: number;
  credit_note_id: number | null;
  credit_note_no: string | null;
};

/**
 * A reclamation's sale as one row `s`, whichever it is (issue 37): a stock sale, or a soft pin's provider sale — the
 * platform's goods, one PIN, at its retail price F. Either with the VAT treatment in force when it was sold
 * (decision 0132): the product's history entry, or the soft pin's (its dynamic product's, else the provider's).
 */
const FROM = sql`
  from reclamations r
  cross join lateral (
    select ss.id, 'pin' as kind, ss.created_at, ss.user_id, ss.product_id, ss.configuration_id, p.product_name,
           ss.face_value, ss.seller_price, ss.reseller_price, v.vat_treatment, v.vat_rate::numeric(5, 2)::text as vat_rate
      from sales ss join products p on p.id = ss.product_id
      cross join lateral ${vatAt(sql`ss.product_id`, sql`ss.created_at`)} v
      where ss.id = r.sale_id
    union all
    select ps.id, 'softpin', ps.created_at, ps.sold_by, ps.product_id, 0, ps.product_name, ps.retail_price,
           ps.seller_price, ps.reseller_price, coalesce(v.treatment, 'mpv'),
           (case when v.treatment = 'spv' then v.vat_rate else 0 end)::numeric(5, 2)::text
      from provider_sales ps
      left join lateral ${providerVatAt(sql`ps.provider`, dynamicProductOf('ps'), sql`ps.created_at`)} v on true
      where ps.id = r.provider_sale_id
  ) s`;

/** The columns every list and detail shows; `r` is the reclamation, `s` its sale. */
const SELECT = sql`
  select r.id, r.status, r.reason, r.reject_reason, u.username as requested_user, s.created_at as transaction_date,
         r.created_at, r.shop_customer_id as shop_id, c.name as shop_name, r.reseller_customer_id as reseller_id,
         r.owner_customer_id as owner_id, s.id as sale_id, s.kind as sale_kind, s.user_id as sale_user_id,
         s.product_id, s.configuration_id, s.product_name, s.face_value as value, s.seller_price, s.reseller_price,
         s.vat_treatment, s.vat_rate,
         case when s.kind = 'softpin' then 1
              else (select count(*)::int from reclamation_pins rp where rp.reclamation_id = r.id) end as quantity,
         cn.id as credit_note_id, cn.invoice_no as credit_note_no
  ${FROM}
  join customers c on c.id = r.shop_customer_id
  join users u on u.id = r.filed_by
  left join invoices cn on cn.reclamation_id = r.id and cn.recipient_customer_id = r.shop_customer_id`;

/** A soft pin's provider sale as `s`, named like a stock sale's columns for `visibleSales`. */
const SOFT_PIN_SALE = sql`provider_sales ps cross join lateral (
  select ps.customer_id, ps.sold_by as user_id, ps.reseller_id) s`;

export function createReclamationsRepository(db: Db) {
  return {
    /** One sale if the viewer may see it. */
    async findSale(saleId: number, viewer: Viewer, tx: Tx = db): Promise<SaleRecord | undefined> {
      const { rows } = await tx.execute<SaleRecord>(sql`
        select s.id, s.customer_id, s.user_id, s.reseller_id, s.owner_customer_id, s.product_id, s.configuration_id,
               s.face_value, s.seller_price, s.reseller_price, s.created_at
        from sales s where s.id = ${saleId} and ${visibleSales(viewer)}`);
      return rows[0];
    },

    /** Of `pinIds`, those sold in the sale. */
    async findSalePins(saleId: number, pinIds: number[], tx: Tx = db): Promise<number[]> {
      const { rows } = await tx.execute<{ pin_id: number }>(sql`
        select pin_id from sale_pins where sale_id = ${saleId}
          and pin_id = any(${`{${pinIds.map((n) => Math.trunc(n)).join(',')}}`}::bigint[])`);
      return rows.map((r) => Number(r.pin_id));
    },

    /** A sold PIN found by its blind index (under every key of the ring) among the sales the viewer may see. */
    async findSoldPin(pinIndexes: string[], viewer: Viewer): Promise<{ sale_id: number; pin_id: number } | undefined> {
      const { rows } = await db.execute<{ sale_id: number; pin_id: number }>(sql`
        select sp.sale_id, sp.pin_id from pins
        join sale_pins sp on sp.pin_id = pins.id
        join sales s on s.id = sp.sale_id
        where pins.pin_index = any(${indexArray(pinIndexes)}) and ${visibleSales(viewer)}
        order by sp.sale_id desc limit 1`);
      return rows[0] && { sale_id: Number(rows[0].sale_id), pin_id: Number(rows[0].pin_id) };
    },

    /** A soft pin's sale if the viewer may see it, under its row lock (the credit note and a reversal queue). */
    async findSoftPinSale(saleId: number, viewer: Viewer, tx: Tx): Promise<SoftPinSaleRecord | undefined> {
      const { rows } = await tx.execute<SoftPinSaleRecord>(sql`
        select ps.id, ps.customer_id, ps.reseller_id, ps.platform_id, ps.status from ${SOFT_PIN_SALE}
        where ps.id = ${saleId} and ps.provider = 'softpin' and ${visibleSales(viewer)}
        for update of ps`);
      return rows[0];
    },

    /** A delivered soft pin found by its blind index (under every key) among the sales the viewer may see. */
    async findSoldSoftPin(pinIndexes: string[], viewer: Viewer): Promise<{ sale_id: number } | undefined> {
      const { rows } = await db.execute<{ sale_id: number }>(sql`
        select ps.id as sale_id from ${SOFT_PIN_SALE} join soft_pins sp on sp.sale_id = ps.id
        where sp.pin_index = any(${indexArray(pinIndexes)}) and ${visibleSales(viewer)}
        order by ps.id desc limit 1`);
      return rows[0];
    },

    /** The provider sale's status under its row lock: a reversal settling at the same time waits, or is seen. */
    async lockProviderSale(saleId: number, tx: Tx): Promise<string | undefined> {
      const { rows } = await tx.execute<{ status: string }>(
        sql`select status from provider_sales where id = ${saleId} for update`,
      );
      return rows[0]?.status;
    },

    /** Whether a credit note refunded the soft pin (its reclamation is credited): a reversal then refunds nothing. */
    async isSoftPinCredited(saleId: number, tx: Tx): Promise<boolean> {
      const { rows } = await tx.execute<{ credited: boolean }>(sql`
        select exists (select 1 from reclamations where provider_sale_id = ${saleId} and status = 'credited')
          as credited`);
      return rows[0]?.credited === true;
    },

    /** A soft pin's claim; null when the soft pin has a claim already (nothing is written then). */
    async insertSoftPin(values: typeof reclamations.$inferInsert, tx: Tx): Promise<number | null> {
      const [row] = await tx
        .insert(reclamations)
        .values(values)
        .onConflictDoNothing({ target: reclamations.providerSaleId })
        .returning({ id: reclamations.id });
      return row?.id ?? null;
    },

    async insert(values: typeof reclamations.$inferInsert, tx: Tx): Promise<number> {
      const [row] = await tx.insert(reclamations).values(values).returning({ id: reclamations.id });
      return row!.id; // insert … returning answers the row it inserted
    },

    /** Marks the PINs reclaimed; returns those another reclamation already holds (nothing is written then). */
    async claimPins(reclamationId: number, pinIds: number[], tx: Tx): Promise<number[]> {
      const inserted = await tx
        .insert(reclamationPins)
        .values(pinIds.map((pinId) => ({ reclamationId, pinId })))
        .onConflictDoNothing({ target: reclamationPins.pinId })
        .returning({ pinId: reclamationPins.pinId });
      const got = new Set(inserted.map((r) => r.pinId));
      return pinIds.filter((p) => !got.has(p));
    },

    async insertEvent(values: typeof reclamationEvents.$inferInsert, tx: Tx) {
      await tx.insert(reclamationEvents).values(values);
    },

    /**
     * The bell's notice to the customer whose move a reclamation waits for (issue 40; the alerts module reads the
     * notices): it names the claim and the shop that filed it, and leads to the claim's screen (the superadmin's
     * own for a platform).
     */
    async raiseNotice(reclamationId: number, party: 'reseller' | 'owner', at: Date, tx: Tx) {
      await tx.execute(sql`
        insert into notices (customer_id, kind, subject_id, params, link, created_at)
        select t.id, 'reclamation', r.id,
          jsonb_build_object('reclamation_id', r.id, 'customer_name', shop.name),
          case when t.account_role = 0 then '/reclaim-request/' else '/seller-reclaim/' end || r.id,
          ${at.toISOString()}::timestamptz
        from reclamations r
        join customers shop on shop.id = r.shop_customer_id
        join customers t on t.id = case when ${party} = 'owner' then r.owner_customer_id else r.reseller_customer_id end
        where r.id = ${reclamationId}`);
    },

    /** Resolves the reclamation's open notices: its move was made, or it was decided. */
    async resolveNotices(reclamationId: number, at: Date, tx: Tx) {
      await tx.execute(sql`
        update notices set resolved_at = ${at.toISOString()}::timestamptz
        where kind = 'reclamation' and subject_id = ${reclamationId} and resolved_at is null`);
    },

    /** The row lock every move takes: concurrent moves of one reclamation run one after the other. */
    async lock(id: number, tx: Tx): Promise<ReclamationStatus | undefined> {
      const { rows } = await tx.execute<{ status: ReclamationStatus }>(
        sql`select status from reclamations where id = ${id} for update`,
      );
      return rows[0]?.status;
    },

    async setStatus(id: number, status: ReclamationStatus, rejectReason: string | null, at: Date, tx: Tx) {
      await tx
        .update(reclamations)
        .set({ status, updatedAt: at, ...(rejectReason === null ? {} : { rejectReason }) })
        .where(eq(reclamations.id, id));
    },

    /** One reclamation; with a viewer, only if it may see it. */
    async get(id: number, viewer?: Viewer): Promise<ReclamationRecord | undefined> {
      const scope = viewer ? visibleReclamations(viewer) : sql`true`;
      const { rows } = await db.execute<ReclamationRecord>(sql`${SELECT} where r.id = ${id} and ${scope}`);
      return rows[0];
    },

    /** A page of the reclamations the viewer may see, newest first. */
    async findPage(viewer: Viewer, status: ReclamationStatus | undefined, page: { page: number; limit: number }) {
      const scope = visibleReclamations(viewer);
      const where = status ? sql`${scope} and r.status = ${status}` : scope;
      const { limit, offset } = pageWindow(page);
      const { rows } = await db.execute<ReclamationRecord>(
        sql`${SELECT} where ${where} order by r.id desc limit ${limit} offset ${offset}`,
      );
      const { rows: count } = await db.execute<{ n: number }>(sql`select count(*)::int as n ${FROM} where ${where}`);
      return { items: rows, total: count[0]!.n }; // count(*) answers one row
    },

    async pinsOf(id: number) {
      const { rows } = await db.execute<{
        pin_id: number;
        pin_hint: string;
        pin_length: number;
        serial: string | null;
      }>(
        sql`select p.id as pin_id, p.pin_hint, p.pin_length, p.serial from reclamation_pins rp
            join pins p on p.id = rp.pin_id where rp.reclamation_id = ${id}
            union all
            -- A soft pin: its sale's id stands for the PIN; masked all through until the backfill gave it a hint.
            select sp.sale_id, coalesce(sp.pin_hint, ''), coalesce(sp.pin_length, 16), sp.serial from reclamations r
            join soft_pins sp on sp.sale_id = r.provider_sale_id where r.id = ${id}
            order by pin_id`,
      );
      return rows;
    },

    async eventsOf(id: number) {
      const { rows } = await db.execute<{ action: string; status: ReclamationStatus; user: string; at: Date | string }>(
        sql`select e.action, e.status, u.username as user, e.created_at as at from reclamation_events e
            join users u on u.id = e.user_id where e.reclamation_id = ${id} order by e.id`,
      );
      return rows;
    },
  };
}
export type ReclamationsRepository = ReturnType<typeof createReclamationsRepository>;
