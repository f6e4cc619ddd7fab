import type { Envelope } from '@portal/contract/envelope';
import type { ProductType } from '@portal/contract/products';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { visibleSales } from '../../db/scopes.ts';
import type { Viewer } from '../../platform/actor.ts';
import type { BatchOutcome } from './purchase-batcher.ts';
import { createSalesListQueries } from './sales-list.queries.ts';

type Address = { address: string; house_no: string; postal: string; city: string } | null;

/** The parameters of `portal_purchase` (migration 0042): the key step's, then the purchase's. */
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
  purchaseGroup: string | null;
  /** The session memo's row versions (`Actor.version`), checked before anything else; null: not checked. */
  actorVersion: string | null;
}

/** What `portal_purchase` answers; amounts are decimal strings, PINs still encrypted (base64). */
export type PurchaseOutcome =
  | { outcome: 'error'; code: 'in_progress' | 'key_invalid' | 'key_reused' | 'forbidden' | 'actor_changed' }
  | { outcome: 'replay'; status: number; stored: { sale_id?: number; refusal?: Envelope } }
  | { outcome: 'refused'; status: number; refusal: Envelope }
  | {
      outcome: 'sold';
      /** With the product's VAT from the product row the purchase function read: the receipt needs no read of its own. */
      sale: Omit<SaleRecord, 'customer_id' | 'user_id' | 'username' | 'created_at'> & { created_at: string };
      pins: { pin_id: number; ciphertext: string; serial: string | null; lot: string }[];
      auto_credit_ids: number[];
    };

const PURCHASE_BATCH = {
  name: 'portal_purchase_batch',
  text: 'select portal_purchase_batch($1::jsonb, $2, $3) as r',
};

const PURCHASE = {
  name: 'portal_purchase',
  text: 'select portal_purchase($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) as r',
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
  /** The product's VAT treatment (decision 0090), which its receipt shows. */
  vat_treatment: 'mpv' | 'spv';
  vat_rate: string;
};

export type SalePinRow = {
  pin_id: number;
  pin_ciphertext: Buffer;
  pin_hint: string;
  pin_length: number;
  serial: string | null;
  lot: string;
};

export function createSellingRepository(db: Db) {
  async function findSaleWhere(where: SQL, tx: Tx): Promise<SaleRecord | undefined> {
    const { rows } = await tx.execute<SaleRecord>(sql`
        select s.id, s.customer_id, s.user_id, s.kind, s.quantity, s.face_value, s.seller_price, s.created_at,
          p.id as product_id, p.product_name, p.product_type, p.product_image, p.customer_care, p.instructions,
          c.id as configuration_id, c.info, u.username, shop.name as shop_name, shop.address as shop_address,
          shop.mask_seller_discount, d.id as download_id, v.vat_treatment, v.vat_rate::text as vat_rate
        from sales s
        join products p on p.id = s.product_id
        join product_configurations c on c.id = s.configuration_id
        join users u on u.id = s.user_id
        join customers shop on shop.id = s.customer_id
        left join sale_downloads d on d.sale_id = s.id
        -- The product's VAT in force at the sale (decision 0132), as its invoice takes it.
        cross join lateral (
          select h.vat_treatment, h.vat_rate from product_vat_history h
          where h.product_id = p.id and h.valid_from <= s.created_at order by h.valid_from desc limit 1
        ) v
      where ${where}`);
    if (!rows[0]) return undefined;
    return { ...rows[0], id: Number(rows[0].id), created_at: new Date(rows[0].created_at) };
  }

  return {
    ...createSalesListQueries(db),

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
            p.purchaseGroup,
            p.actorVersion,
          ],
        });
        return rows[0]!.r; // a select of a function answers one row
      } catch (err) {
        // The key's row stayed locked by a purchase with the same key for longer than the wait.
        if ((err as { code?: string }).code === '55P03') return { outcome: 'error', code: 'in_progress' };
        throw err;
      }
    },

    /**
     * Purchases that arrived together in one call, one transaction, one commit (`portal_purchase_batch`); the
     * answers in their order, `alone` for a purchase to run through `purchase` after this commit. The key's
     * lifetime and the time are the batch's: the first purchase's (they arrived within the same millisecond).
     */
    async purchaseBatch(calls: PurchaseCall[]): Promise<BatchOutcome[]> {
      const [first] = calls;
      if (!first) return []; // nothing arrived, nothing to run
      const purchases = calls.map((p) => ({
        key: p.key,
        session_id: p.sessionId,
        user_id: p.userId,
        request_hash: p.requestHash,
        customer_id: p.customerId,
        configuration_id: p.configurationId,
        quantity: p.quantity,
        kind: p.kind,
        allowed_types: p.allowedTypes,
        download_expires_at: p.downloadExpiresAt,
        purchase_group: p.purchaseGroup,
        actor_version: p.actorVersion,
      }));
      const { rows } = await db.$client.query<{ r: BatchOutcome[] }>({
        ...PURCHASE_BATCH,
        values: [JSON.stringify(purchases), first.lifetimeMs, first.at],
      });
      return rows[0]!.r; // a select of a function answers one row
    },

    async findSale(saleId: number, customerId: number, tx: Tx = db): Promise<SaleRecord | undefined> {
      return findSaleWhere(sql`s.id = ${saleId} and s.customer_id = ${customerId}`, tx);
    },

    /** A sale within a scope of `visibleSales` (the operators' reports reach their shops' sales). */
    async findVisibleSale(saleId: number, viewer: Viewer): Promise<SaleRecord | undefined> {
      return findSaleWhere(sql`s.id = ${saleId} and ${visibleSales(viewer)}`, db);
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
        kind: 'replay' | 'reprint' | 'download' | 'api';
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
        user_id: number;
        status: string;
        expires_at: Date;
      }>(
        sql`select id, sale_id, customer_id, user_id, status, expires_at from sale_downloads where id = ${downloadId} for update`,
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
