import type {
  BooksReportBody,
  StockValueReport,
  StockValueRow,
  SupplierDebtReport,
  SupplierDebtRow,
} from '@portal/contract/books';
import type { Language } from '@portal/contract/limits';
import { PRODUCT_TYPES } from '@portal/contract/products';
import { Decimal } from 'decimal.js';
import type { Actor } from '../../platform/actor.ts';
import { type ExportFormat, exportFile } from '../../platform/export-file.ts';
import { exportWords, wordOf } from '../../platform/export-words.ts';
import type { BooksRepository } from './books.repository.ts';
import { booksWords } from './books.words.ts';

const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const productType = (t: string) => PRODUCT_TYPES.find((p) => p === t) ?? PRODUCT_TYPES[0];

/**
 * The books at the end of a Berlin day (decision 0136): the stock value (the platform's managers read every owner's
 * stock, its staff the assigned customers', a reseller's managers their own; each may name one owner among them) and
 * the platform's supplier debt (its managers only, by the route's rule).
 */
export function createBooksService(deps: { repo: BooksRepository }) {
  const { repo } = deps;

  async function stockValue(actor: Actor, q: BooksReportBody): Promise<StockValueReport> {
    // The caller's owners (decision 0136 "Who reads what"), narrowed to the one it picks: an owner outside them
    // reads an empty report, as a report filter outside the scope does.
    const records = await repo.findStockValue(q.day, actor, q.owner_id);
    const rows: StockValueRow[] = records.map((r) => ({
      ...r,
      product_type: productType(r.product_type),
      value: money(r.value),
      stock_value: money(r.stock_value),
    }));
    const owners = new Map<number, { owner_customer_id: number; owner_name: string; pins: number; value: Decimal }>();
    for (const r of rows) {
      const o = owners.get(r.owner_customer_id) ?? {
        owner_customer_id: r.owner_customer_id,
        owner_name: r.owner_name,
        pins: 0,
        value: new Decimal(0),
      };
      o.pins += r.pins;
      o.value = o.value.plus(r.stock_value);
      owners.set(r.owner_customer_id, o);
    }
    const list = [...owners.values()];
    return {
      day: q.day,
      rows,
      owners: list.map((o) => ({
        owner_customer_id: o.owner_customer_id,
        owner_name: o.owner_name,
        pins: o.pins,
        stock_value: money(o.value),
      })),
      total: {
        pins: list.reduce((n, o) => n + o.pins, 0),
        stock_value: money(list.reduce((s, o) => s.plus(o.value), new Decimal(0))),
      },
    };
  }

  async function supplierDebt(actor: Actor, q: BooksReportBody): Promise<SupplierDebtReport> {
    const records = await repo.findSupplierDebt(q.day, actor.customerId);
    const rows: SupplierDebtRow[] = records.map((r) => ({ ...r, debt: money(r.debt) }));
    return { day: q.day, rows, total: money(rows.reduce((s, r) => s.plus(r.debt), new Decimal(0))) };
  }

  /** The stock value as a file: one row per denomination, then one per owner and the total. */
  async function exportStockValue(actor: Actor, q: BooksReportBody, o: { format: ExportFormat; language: Language }) {
    const report = await stockValue(actor, q);
    const words = booksWords(o.language);
    const common = exportWords(o.language);
    const rows: Record<string, unknown>[] = [
      ...report.rows.map((r) => ({
        owner: r.owner_name,
        product: r.product_name,
        product_type: wordOf(common.productTypes, r.product_type),
        value: r.value,
        pins: r.pins,
        stock_value: r.stock_value,
      })),
      ...report.owners.map((r) => ({
        owner: r.owner_name,
        product: words.ownerTotal,
        pins: r.pins,
        stock_value: r.stock_value,
      })),
      { owner: words.total, pins: report.total.pins, stock_value: report.total.stock_value },
    ];
    return exportFile({
      format: o.format,
      language: o.language,
      name: `stock-value-${q.day}`,
      sheet: words.stockValue.sheet,
      columns: (
        [
          ['owner', 'text'],
          ['product', 'text'],
          ['product_type', 'text'],
          ['value', 'money'],
          ['pins', 'integer'],
          ['stock_value', 'money'],
        ] as const
      ).map(([key, kind]) => ({ key, kind, header: words.stockValue[key] })),
      rows,
    });
  }

  /** The supplier debt as a file: one row per supplier or provider, then the total. */
  async function exportSupplierDebt(actor: Actor, q: BooksReportBody, o: { format: ExportFormat; language: Language }) {
    const report = await supplierDebt(actor, q);
    const words = booksWords(o.language);
    const common = exportWords(o.language);
    const rows: Record<string, unknown>[] = [
      ...report.rows.map((r) => ({
        source: words.sources[r.source],
        name: r.source === 'provider' ? wordOf(common.saleKinds, r.provider) : r.name,
        quantity: r.quantity,
        debt: r.debt,
      })),
      { source: words.total, debt: report.total },
    ];
    return exportFile({
      format: o.format,
      language: o.language,
      name: `supplier-debt-${q.day}`,
      sheet: words.supplierDebt.sheet,
      columns: (
        [
          ['source', 'text'],
          ['name', 'text'],
          ['quantity', 'integer'],
          ['debt', 'money'],
        ] as const
      ).map(([key, kind]) => ({ key, kind, header: words.supplierDebt[key] })),
      rows,
    });
  }

  return { stockValue, supplierDebt, exportStockValue, exportSupplierDebt };
}
export type BooksService = ReturnType<typeof createBooksService>;
