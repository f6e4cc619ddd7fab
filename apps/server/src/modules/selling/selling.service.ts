import { LIMITS } from '@portal/contract/limits';
import { priceAfterDiscount } from '@portal/contract/pricing';
import { PRODUCT_TYPES, type ProductType } from '@portal/contract/products';
import { ROLE } from '@portal/contract/roles';
import {
  type BulkPurchaseBody,
  type BulkPurchaseResult,
  type DownloadInfo,
  type Favourite,
  PRODUCT_TYPE_FLAG,
  type PurchaseBody,
  type ReprintBody,
  type SaleDetails,
  type SaleReceipt,
  type SaleRow,
  type SalesReportBody,
  type SellerDashboard,
  type SellerProduct,
  type SellerProductRow,
  type SellerProductsBody,
  type ShopTimingsBody,
  type ZReport,
  type ZReportBody,
  type ZReportListRow,
  type ZTotals,
} from '@portal/contract/selling';
import { Decimal } from 'decimal.js';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { offsetOf } from '../../platform/envelope.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { maskPin, type PinCrypto } from '../../platform/pin-crypto.ts';
import type { Storage } from '../../platform/storage.ts';
import type { CreditService } from '../credit/credit.service.ts';
import { renderSaleCsv, renderSalePdf } from './selling.documents.ts';
import type { SaleRecord, SellingRepository, TotalsRow } from './selling.repository.ts';
import { keyRefusal, type TransactionKeysService } from './transaction-keys.service.ts';

export const RENDER_DOWNLOAD_JOB = 'selling.render-download';
export const DOWNLOAD_SWEEP_JOB = 'selling.download-sweep';

/** Bulk files hold plain PINs: kept encrypted and only this long (the sale's reprint stays available). */
const DOWNLOAD_LIFETIME_MS = 48 * 3_600_000;
const BEST_SELLERS = 8;
const BEST_SELLER_DAYS = 30;

const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);

const berlinDate = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);

/**
 * Selling at the counter (issue 5). A purchase is one transaction under its transaction key: the
 * shop's context and prices are read, PINs are claimed from available_stock, the sale and its reveal
 * record are written, and the ledger entry is posted last, so the wallet rows (the reseller's is shared
 * by all its shops) stay locked for as short a time as possible.
 */
export function createSellingService(deps: {
  db: Db;
  repo: SellingRepository;
  keys: TransactionKeysService;
  credit: Pick<CreditService, 'dispatchAutoCredit'>;
  pinCrypto: Pick<PinCrypto, 'decrypt'>;
  storage: Storage;
  jobs: Jobs;
  clock: Clock;
}) {
  const { db, repo, keys, credit, pinCrypto, storage, jobs, clock } = deps;

  /** Staff of a shop that masks its discount see face values only (DOMAIN.md mask_seller_discount). */
  const masksPrices = (actor: Actor, maskSellerDiscount: boolean) => actor.internal_role === 1 && maskSellerDiscount;

  function allowedTypes(actor: Actor): ProductType[] {
    return PRODUCT_TYPES.filter((t) => actor.flags[PRODUCT_TYPE_FLAG[t]] === 1);
  }

  /** Staff (internal_role 1) and web_support see and reprint only their own sales; managers all the shop's. */
  const ownSalesOnly = (actor: Actor) => actor.internal_role === 1 || actor.account_role === ROLE.webSupport;

  function receiptOf(actor: Actor, s: SaleRecord): Omit<SaleReceipt, 'pins'> {
    const masked = masksPrices(actor, s.mask_seller_discount);
    return {
      sale_id: s.id,
      status: 'successful',
      kind: s.kind,
      product: {
        product_id: s.product_id,
        product_name: s.product_name,
        product_type: s.product_type,
        product_image: s.product_image,
        customer_care: s.customer_care,
        instructions: s.instructions,
      },
      configuration: { configuration_id: s.configuration_id, value: money(s.face_value), info: s.info },
      quantity: s.quantity,
      total_value: money(new Decimal(s.face_value).times(s.quantity)),
      unit_price: masked ? null : money(s.seller_price),
      total_price: masked ? null : money(new Decimal(s.seller_price).times(s.quantity)),
      sold_at: s.created_at.toISOString(),
      sold_by: s.username,
      shop: { name: s.shop_name, address: s.shop_address },
    };
  }

  function answerOf(actor: Actor, s: SaleRecord, pins: SaleReceipt['pins']) {
    const data: SaleReceipt | BulkPurchaseResult =
      s.kind === 'bulk'
        ? { ...receiptOf(actor, s), download_id: s.download_id as string }
        : { ...receiptOf(actor, s), pins };
    return { message_type: 1 as const, message: 'Successful', data, account_status: 1 as const };
  }

  async function decryptedPins(saleId: number, pinIds?: number[]) {
    const rows = await repo.findSalePins(saleId, pinIds);
    return rows.map((p) => ({
      pin_id: p.pin_id,
      pin: pinCrypto.decrypt(p.pin_ciphertext),
      serial: p.serial,
      lot: p.lot,
    }));
  }

  /**
   * `/add_transaction_v3/` and `/add_bulk_transaction_v3/` under their transaction key, in one database
   * call (`portal_purchase`). A replay rebuilds the answer from the stored sale and records that the
   * PINs were shown again.
   */
  async function purchase(actor: Actor, body: PurchaseBody | BulkPurchaseBody, kind: 'single' | 'bulk') {
    const now = clock.now();
    const request = { kind, configuration: body.configuration, quantity: body.quantity };
    const r = await repo.purchase({
      ...keys.keyStep(actor, body.transaction_key, request),
      customerId: actor.customerId,
      configurationId: body.configuration,
      quantity: body.quantity,
      kind,
      allowedTypes: allowedTypes(actor),
      at: now,
      downloadExpiresAt: kind === 'bulk' ? new Date(now.getTime() + DOWNLOAD_LIFETIME_MS) : null,
    });
    if (r.outcome === 'error') throw r.code === 'forbidden' ? forbidden() : keyRefusal(r.code);
    if (r.outcome === 'refused') return { status: r.status, answer: r.refusal };
    if (r.outcome === 'replay') {
      if (r.stored.refusal) return { status: r.status, answer: r.stored.refusal };
      return replay(actor, r.stored.sale_id as number, r.status);
    }
    const record: SaleRecord = {
      ...r.sale,
      customer_id: actor.customerId,
      user_id: actor.userId,
      username: actor.username,
      created_at: new Date(r.sale.created_at),
    };
    const pins = r.pins.map((p) => ({
      pin_id: p.pin_id,
      pin: pinCrypto.decrypt(Buffer.from(p.ciphertext, 'base64')),
      serial: p.serial,
      lot: p.lot,
    }));
    // After commit: work that must not run for a rolled-back sale.
    if (r.auto_credit_ids.length) await credit.dispatchAutoCredit(r.auto_credit_ids);
    if (record.download_id) {
      await jobs.send(
        RENDER_DOWNLOAD_JOB,
        { downloadId: record.download_id },
        { singletonKey: `download-${record.download_id}` },
      );
    }
    return { status: 200, answer: answerOf(actor, record, pins) };
  }

  async function replay(actor: Actor, saleId: number, status: number) {
    const s = await repo.findSale(saleId, actor.customerId);
    if (!s) throw notFound('Sale');
    const pins = s.kind === 'single' ? await decryptedPins(s.id) : [];
    if (s.kind === 'single') {
      await repo.insertReveal({
        saleId: s.id,
        customerId: actor.customerId,
        userId: actor.userId,
        kind: 'replay',
        pinIds: null,
        at: clock.now(),
      });
    }
    return { status, answer: answerOf(actor, s, pins) };
  }

  /** The render job: the CSV and the receipts PDF, encrypted into storage; a second run finds it ready. */
  async function renderDownload({ downloadId }: { downloadId: string }) {
    await db.transaction(async (tx) => {
      const d = await repo.lockDownload(downloadId, tx);
      if (!d || d.status === 'ready') return;
      const s = await repo.findSale(d.sale_id, d.customer_id, tx);
      if (!s) return;
      const pins = (await repo.findSalePins(s.id, undefined, tx)).map((p) => ({
        pin: pinCrypto.decrypt(p.pin_ciphertext),
        serial: p.serial,
        lot: p.lot,
      }));
      const doc = {
        saleId: s.id,
        productName: s.product_name,
        productType: s.product_type,
        value: s.face_value,
        info: s.info,
        customerCare: s.customer_care,
        instructions: s.instructions,
        shopName: s.shop_name,
        soldAt: s.created_at,
        pins,
      };
      const base = `sale-${s.id}`;
      const file = (name: string, contentType: string, data: Buffer) =>
        storage.put(
          {
            purpose: 'sale_download',
            ownerCustomerId: d.customer_id,
            name,
            contentType,
            data,
            encrypt: true,
            expiresAt: d.expires_at,
          },
          tx,
        );
      const csv = await file(`${base}.csv`, 'text/csv; charset=utf-8', renderSaleCsv(doc));
      const pdf = await file(`${base}.pdf`, 'application/pdf', await renderSalePdf(doc));
      await repo.markDownloadReady(downloadId, { csvFileId: csv.id, pdfFileId: pdf.id }, clock.now(), tx);
    });
  }

  /** Downloads whose job was lost (a crash between commit and send) are sent again. */
  async function sweepDownloads() {
    const stale = await repo.findPendingDownloads(new Date(clock.now().getTime() - 60_000));
    for (const downloadId of stale) {
      await jobs.send(RENDER_DOWNLOAD_JOB, { downloadId }, { singletonKey: `download-${downloadId}` });
    }
  }

  async function ownDownload(actor: Actor, downloadId: string) {
    const d = await repo.findDownload(downloadId, actor.userId);
    if (!d || d.customer_id !== actor.customerId) throw notFound('Download');
    return d;
  }

  async function getDownload(actor: Actor, downloadId: string): Promise<DownloadInfo> {
    const d = await ownDownload(actor, downloadId);
    const expired = d.expires_at.getTime() <= clock.now().getTime();
    const sizes = await repo.fileSizes([d.csv_file_id, d.pdf_file_id].filter((x): x is string => x !== null));
    const files: DownloadInfo['files'] = [];
    if (!expired) {
      for (const [kind, id] of [
        ['csv', d.csv_file_id],
        ['pdf', d.pdf_file_id],
      ] as const) {
        const f = id ? sizes.get(id) : undefined;
        if (f) files.push({ kind, name: f.name, size: f.size });
      }
    }
    return {
      download_id: d.id,
      sale_id: d.sale_id,
      status: d.status,
      product_name: d.product_name,
      value: money(d.face_value),
      quantity: d.quantity,
      created_at: d.created_at.toISOString(),
      expires_at: d.expires_at.toISOString(),
      files,
    };
  }

  /** The file itself, for its buyer only; every download is recorded as a reveal of the sale's PINs. */
  async function getDownloadFile(actor: Actor, downloadId: string, kind: 'csv' | 'pdf') {
    const d = await ownDownload(actor, downloadId);
    if (d.status !== 'ready') throw new AppError('in_progress', 'The file is still being prepared');
    const id = kind === 'csv' ? d.csv_file_id : d.pdf_file_id;
    const file = id ? await storage.get(id) : null;
    if (!file || d.expires_at.getTime() <= clock.now().getTime()) throw notFound('File');
    await repo.insertReveal({
      saleId: d.sale_id,
      customerId: actor.customerId,
      userId: actor.userId,
      kind: 'download',
      pinIds: null,
      at: clock.now(),
    });
    return file;
  }

  /** Reprint of sold PINs by the shop that sold them (staff and web_support: their own sales), audited. */
  async function reprint(actor: Actor, body: ReprintBody): Promise<SaleReceipt> {
    const s = await repo.findSale(body.sale_id, actor.customerId);
    if (!s || (ownSalesOnly(actor) && s.user_id !== actor.userId)) throw notFound('Sale');
    const pins = await decryptedPins(s.id, body.pin_ids);
    if (body.pin_ids && pins.length !== new Set(body.pin_ids).size) throw notFound('PIN');
    await repo.insertReveal({
      saleId: s.id,
      customerId: actor.customerId,
      userId: actor.userId,
      kind: 'reprint',
      pinIds: pins.map((p) => p.pin_id),
      at: clock.now(),
    });
    return { ...receiptOf(actor, s), pins };
  }

  function saleRow(
    actor: Actor,
    masked: boolean,
    r: Awaited<ReturnType<SellingRepository['findSalesPage']>>['items'][number],
  ): SaleRow {
    return {
      sale_id: r.id,
      created_at: new Date(r.created_at).toISOString(),
      kind: r.kind,
      product_id: r.product_id,
      product_name: r.product_name,
      product_type: r.product_type,
      configuration_id: r.configuration_id,
      value: money(r.face_value),
      quantity: r.quantity,
      total_value: money(new Decimal(r.face_value).times(r.quantity)),
      unit_price: masked ? null : money(r.seller_price),
      total_price: masked ? null : money(new Decimal(r.seller_price).times(r.quantity)),
      user_id: r.user_id,
      sold_by: r.username,
      // The file is its buyer's only.
      download_id: r.user_id === actor.userId ? r.download_id : null,
    };
  }

  async function shopMasks(actor: Actor) {
    if (actor.internal_role !== 1) return false;
    return (await repo.findShop(actor.customerId))?.mask_seller_discount === true;
  }

  /** `/get_sales_report_2_with_customer_id/`: the shop's sales; staff see only their own. */
  async function findSales(actor: Actor, q: SalesReportBody) {
    const f = { ...q.filters, ...pickDefined(q, ['from', 'to', 'product_type', 'configuration_id', 'user_id']) };
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const userId = ownSalesOnly(actor) ? actor.userId : f.user_id;
    const { items, total } = await repo.findSalesPage(
      {
        customerId: actor.customerId,
        userId,
        from: f.from,
        to: f.to,
        productType: f.product_type,
        configurationId: f.configuration_id,
      },
      { limit: p.limit, offset: offsetOf(p) },
    );
    const masked = await shopMasks(actor);
    return {
      items: items.map((r) => saleRow(actor, masked, r)),
      total,
      page: p,
      applied: { ...f, ...(userId ? { user_id: userId } : {}) },
    };
  }

  /** `/get_sales_record_details/`: one sale with its PINs masked to their last four characters. */
  async function getSaleDetails(actor: Actor, saleId: number): Promise<SaleDetails> {
    const s = await repo.findSale(saleId, actor.customerId);
    if (!s || (ownSalesOnly(actor) && s.user_id !== actor.userId)) throw notFound('Sale');
    const pins = await repo.findSalePins(s.id);
    const masked = masksPrices(actor, s.mask_seller_discount);
    return {
      ...saleRow(actor, masked, {
        id: s.id,
        created_at: s.created_at,
        kind: s.kind,
        product_id: s.product_id,
        product_name: s.product_name,
        product_type: s.product_type,
        configuration_id: s.configuration_id,
        face_value: s.face_value,
        seller_price: s.seller_price,
        quantity: s.quantity,
        user_id: s.user_id,
        username: s.username,
        download_id: s.download_id,
      }),
      customer_care: s.customer_care,
      instructions: s.instructions,
      pins: pins.map((p) => ({
        pin_id: p.pin_id,
        pin_masked: maskPin(p.pin_hint, p.pin_length),
        serial: p.serial,
        lot: p.lot,
      })),
    };
  }

  function totalsOf(rows: TotalsRow[], masked: boolean): ZTotals {
    const products = new Map<number, ZTotals['products'][number]>();
    const staff = new Map<number, ZTotals['staff'][number]>();
    let value = new Decimal(0);
    let price = new Decimal(0);
    let count = 0;
    let quantity = 0;
    const add = (a: string | null, b: Decimal.Value) => money(new Decimal(a ?? 0).plus(b));
    for (const r of rows) {
      value = value.plus(r.total_value);
      price = price.plus(r.total_price);
      count += r.sales_count;
      quantity += r.quantity;
      const p = products.get(r.configuration_id) ?? {
        product_id: r.product_id,
        product_name: r.product_name,
        configuration_id: r.configuration_id,
        value: money(r.value),
        sales_count: 0,
        quantity: 0,
        total_value: '0.00',
        total_price: masked ? null : '0.00',
      };
      p.sales_count += r.sales_count;
      p.quantity += r.quantity;
      p.total_value = add(p.total_value, r.total_value);
      if (!masked) p.total_price = add(p.total_price, r.total_price);
      products.set(r.configuration_id, p);
      const s = staff.get(r.user_id) ?? {
        user_id: r.user_id,
        username: r.username,
        name: r.name,
        sales_count: 0,
        quantity: 0,
        total_value: '0.00',
        total_price: masked ? null : '0.00',
      };
      s.sales_count += r.sales_count;
      s.quantity += r.quantity;
      s.total_value = add(s.total_value, r.total_value);
      if (!masked) s.total_price = add(s.total_price, r.total_price);
      staff.set(r.user_id, s);
    }
    return {
      sales_count: count,
      quantity,
      total_value: money(value),
      total_price: masked ? null : money(price),
      products: [...products.values()],
      staff: [...staff.values()],
    };
  }

  /**
   * `/z_report/`: the open period (sales since the last close) or an issued report. Closing, by the
   * shop's internal_role 0 users only, issues the next number under the counter's lock; staff see
   * only their own figures, recomputed from the (immutable) sales the report covers.
   */
  async function zReport(actor: Actor, body: ZReportBody): Promise<ZReport> {
    const staffOnly = actor.internal_role === 1;
    const masked = await shopMasks(actor);
    const shop = await repo.findShop(actor.customerId);
    if (body.action === 'close') {
      if (staffOnly) throw forbidden();
      return closeDay(actor, shop.name);
    }
    if (body.z_number !== undefined) {
      const z = await repo.findZReport(actor.customerId, body.z_number);
      if (!z) throw notFound('Z report');
      const totals = staffOnly
        ? totalsOf(
            await repo.findTotals({
              customerId: actor.customerId,
              afterSaleId: (z.first_sale_id ?? 1) - 1,
              upToSaleId: z.last_sale_id,
              userId: actor.userId,
            }),
            masked,
          )
        : (z.totals as ZTotals);
      return {
        z_number: z.number,
        shop_name: shop.name,
        period_start: z.period_start ? new Date(z.period_start).toISOString() : null,
        period_end: new Date(z.closed_at).toISOString(),
        closed_by: z.closed_by,
        own_figures_only: staffOnly ? 1 : 0,
        totals,
      };
    }
    const counter = await repo.findCounter(actor.customerId);
    const rows = await repo.findTotals({
      customerId: actor.customerId,
      afterSaleId: Number(counter.last_sale_id),
      userId: staffOnly ? actor.userId : undefined,
    });
    return {
      z_number: null,
      shop_name: shop.name,
      period_start: counter.last_closed_at ? new Date(counter.last_closed_at).toISOString() : null,
      period_end: clock.now().toISOString(),
      closed_by: null,
      own_figures_only: staffOnly ? 1 : 0,
      totals: totalsOf(rows, masked),
    };
  }

  async function closeDay(actor: Actor, shopName: string): Promise<ZReport> {
    return db.transaction(async (tx) => {
      const counter = await repo.lockCounter(actor.customerId, tx);
      const range = await repo.findSaleRange(actor.customerId, counter.last_sale_id, tx);
      if (range.lastId === null || range.firstId === null) {
        throw new AppError('nothing_to_close', 'No sales since the last Z report');
      }
      const totals = totalsOf(
        await repo.findTotals(
          { customerId: actor.customerId, afterSaleId: counter.last_sale_id, upToSaleId: range.lastId },
          tx,
        ),
        false,
      );
      const closedAt = clock.now();
      const number = counter.last_number + 1;
      await repo.insertZReport(
        {
          customerId: actor.customerId,
          number,
          firstSaleId: range.firstId,
          lastSaleId: range.lastId,
          periodStart: counter.last_closed_at,
          closedAt,
          closedBy: actor.userId,
          totals,
        },
        tx,
      );
      return {
        z_number: number,
        shop_name: shopName,
        period_start: counter.last_closed_at ? new Date(counter.last_closed_at).toISOString() : null,
        period_end: closedAt.toISOString(),
        closed_by: actor.username,
        own_figures_only: 0,
        totals,
      };
    });
  }

  async function findZReports(actor: Actor, q: { page: number; limit?: number }) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const { items, total } = await repo.findZReportsPage(actor.customerId, { limit: p.limit, offset: offsetOf(p) });
    const rows: ZReportListRow[] = items.map((z) => ({
      z_number: z.number,
      period_start: z.period_start ? new Date(z.period_start).toISOString() : null,
      closed_at: new Date(z.closed_at).toISOString(),
      closed_by: z.closed_by,
      sales_count: z.sales_count,
      total_value: z.total_value,
    }));
    return { items: rows, total, page: p };
  }

  async function sellable(
    actor: Actor,
    q: { productType?: ProductType; productId?: number; search?: string; configurationIds?: number[] },
  ) {
    const types = allowedTypes(actor).filter((t) => !q.productType || t === q.productType);
    const [rows, masked] = await Promise.all([
      repo.findSellable({ customerId: actor.customerId, userId: actor.userId, productTypes: types, ...q }),
      shopMasks(actor),
    ]);
    return rows.map((r) => ({
      product_id: r.product_id,
      product_name: r.product_name,
      product_type: r.product_type,
      product_image: r.product_image,
      customer_care: r.customer_care,
      instructions: r.instructions,
      pin_length: r.pin_length,
      configuration_id: r.configuration_id,
      value: money(r.value),
      info: r.info,
      price: masked ? null : money(priceAfterDiscount(r.value, r.discount)),
      discount: masked ? null : new Decimal(r.discount).toFixed(2),
      in_stock: r.available > 0 ? (1 as const) : (0 as const),
      available: r.available,
      favourite: r.favourite ? (1 as const) : (0 as const),
    }));
  }

  /** `/view_seller_products/`: the shop's configurations, one row each, paged. */
  async function findSellerProductRows(actor: Actor, q: SellerProductsBody) {
    if (q.product_type && actor.flags[PRODUCT_TYPE_FLAG[q.product_type]] !== 1) throw forbidden();
    const rows: SellerProductRow[] = await sellable(actor, {
      productType: q.product_type,
      productId: q.product_id,
      search: q.search_text || undefined,
    });
    const p = { page: q.page, limit: q.limit ?? LIMITS.productPageSize };
    const start = offsetOf(p);
    return { items: rows.slice(start, start + p.limit), total: rows.length, page: p };
  }

  /** `/view_seller_products_v2/`: the same, grouped by product for the product grid. */
  async function findSellerProducts(actor: Actor, q: SellerProductsBody): Promise<SellerProduct[]> {
    if (q.product_type && actor.flags[PRODUCT_TYPE_FLAG[q.product_type]] !== 1) throw forbidden();
    const rows = await sellable(actor, {
      productType: q.product_type,
      productId: q.product_id,
      search: q.search_text || undefined,
    });
    const products = new Map<number, SellerProduct>();
    for (const r of rows) {
      const { configuration_id, value, info, price, discount, in_stock, available, favourite, ...product } = r;
      const p = products.get(r.product_id) ?? { ...product, configurations: [] };
      p.configurations.push({ configuration_id, value, info, price, discount, in_stock, available, favourite });
      products.set(r.product_id, p);
    }
    return [...products.values()];
  }

  async function findFavourites(actor: Actor): Promise<{ custom: boolean; items: Favourite[] }> {
    const own = await repo.findFavouriteIds(actor.userId);
    const custom = own.length > 0;
    const ids = custom
      ? own
      : await repo.findBestSellerIds(
          actor.customerId,
          new Date(clock.now().getTime() - BEST_SELLER_DAYS * 86_400_000),
          BEST_SELLERS,
        );
    if (ids.length === 0) return { custom, items: [] };
    const rows = await sellable(actor, { configurationIds: ids });
    const byId = new Map(rows.map((r) => [r.configuration_id, r]));
    const items = ids
      .map((id) => byId.get(id))
      .filter((r) => r !== undefined)
      .map((r) => ({
        product_id: r.product_id,
        product_name: r.product_name,
        product_type: r.product_type,
        product_image: r.product_image,
        customer_care: r.customer_care,
        instructions: r.instructions,
        configuration_id: r.configuration_id,
        value: r.value,
        info: r.info,
        price: r.price,
        in_stock: r.in_stock,
        available: r.available,
      }));
    return { custom, items };
  }

  /** Stores the user's ordered favourites; only configurations the user can buy are kept. */
  async function updateFavourites(actor: Actor, configurationIds: number[]) {
    const ids = [...new Set(configurationIds)];
    const allowed = new Set((await sellable(actor, { configurationIds: ids })).map((r) => r.configuration_id));
    const unknown = ids.filter((id) => !allowed.has(id));
    if (unknown.length) {
      throw new AppError('validation_failed', `configuration_ids: not assigned to your shop: ${unknown.join(', ')}`, {
        errors: [
          { field: 'configuration_ids', rule: 'not_found', message: 'configuration_ids: not assigned to your shop' },
        ],
      });
    }
    await repo.replaceFavourites(actor.userId, ids);
    return findFavourites(actor);
  }

  async function resetFavourites(actor: Actor) {
    await repo.replaceFavourites(actor.userId, []);
    return findFavourites(actor);
  }

  async function getDashboard(actor: Actor): Promise<SellerDashboard> {
    const staffOnly = ownSalesOnly(actor);
    const [shop, day, favourites] = await Promise.all([
      repo.findShop(actor.customerId),
      repo.findDayTotals(actor.customerId, berlinDate(clock.now()), staffOnly ? actor.userId : undefined),
      findFavourites(actor),
    ]);
    const masked = masksPrices(actor, shop.mask_seller_discount);
    return {
      today: {
        sales_count: day.sales_count,
        quantity: day.quantity,
        total_value: money(day.total_value),
        total_price: masked ? null : money(day.total_price),
      },
      favourites_custom: favourites.custom ? 1 : 0,
      favourites: favourites.items,
      shop: {
        name: shop.name,
        shop_timings: shop.shop_timings,
        holidays: shop.holidays ?? [],
        lunch: shop.lunch,
        support_id: shop.support_id,
      },
    };
  }

  async function updateShopTimings(actor: Actor, body: ShopTimingsBody) {
    if (actor.internal_role !== 0) throw forbidden();
    await repo.updateShopTimings(actor.customerId, body);
    return (await getDashboard(actor)).shop;
  }

  async function updateSupportId(actor: Actor, supportId: string) {
    await repo.upsertSupportId(actor.customerId, supportId, actor.userId, clock.now());
    return { support_id: supportId };
  }

  jobs.define<{ downloadId: string }>(RENDER_DOWNLOAD_JOB, renderDownload, { retryLimit: 8 });
  jobs.define(DOWNLOAD_SWEEP_JOB, sweepDownloads, { retryLimit: 0 });

  return {
    purchase,
    renderDownload,
    sweepDownloads,
    getDownload,
    getDownloadFile,
    reprint,
    findSales,
    getSaleDetails,
    zReport,
    findZReports,
    findSellerProductRows,
    findSellerProducts,
    findFavourites,
    updateFavourites,
    resetFavourites,
    getDashboard,
    updateShopTimings,
    updateSupportId,
  };
}
export type SellingService = ReturnType<typeof createSellingService>;

function pickDefined<T extends object, K extends keyof T>(o: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}
