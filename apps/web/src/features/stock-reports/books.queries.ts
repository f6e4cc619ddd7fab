import type { StockValueReport, SupplierDebtReport } from '@portal/contract/books';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { saveFile } from '../../lib/upload.ts';
import type { ExportFormat } from '../../ui/export-buttons.tsx';
import type { BooksQuery } from './books-report-page.tsx';

/** The books at a date (decision 0136): stock value and supplier debt at the end of a Berlin day. */
export const booksKeys = {
  all: ['books'] as const,
  stockValue: (day: string, owner?: number) => [...booksKeys.all, 'stock-value', day, owner ?? 0] as const,
  supplierDebt: (day: string) => [...booksKeys.all, 'supplier-debt', day] as const,
};

/** Today in Berlin, the calendar the books' days are counted in. */
export function berlinToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(now);
}

/** The stock value at the end of `day`, of one owner when `owner` names one (else every owner the caller reads). */
export function useStockValue({ day, owner }: BooksQuery) {
  return useQuery<StockValueReport>({
    queryKey: booksKeys.stockValue(day, owner),
    queryFn: ({ signal }) => api.call('/get_stock_value_report/', { day, owner_id: owner }, { abort: signal }),
  });
}

export function useSupplierDebt({ day }: BooksQuery) {
  return useQuery<SupplierDebtReport>({
    queryKey: booksKeys.supplierDebt(day),
    queryFn: ({ signal }) => api.call('/get_supplier_debt_report/', { day }, { abort: signal }),
  });
}

/** The report as a file in the user's language and dialect, named by the server. */
export function downloadBooks(
  which: 'stock_value' | 'supplier_debt',
  day: string,
  format: ExportFormat,
  owner?: number,
) {
  const path = which === 'stock_value' ? '/export_stock_value_report/' : '/export_supplier_debt_report/';
  const name = which === 'stock_value' ? 'stock-value' : 'supplier-debt';
  return saveFile(path, {
    body: { day, format, owner_id: owner },
    fileName: `${name}-${day}.${format}`,
    serverName: true,
  });
}
