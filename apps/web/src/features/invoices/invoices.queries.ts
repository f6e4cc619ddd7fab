import type {
  CustomerForInvoice,
  EinvoiceFormat,
  InvoiceKind,
  InvoiceSummary,
  InvoiceView,
} from '@portal/contract/invoices';
import { berlinToday } from '@portal/contract/report-periods';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { saveFile } from '../../lib/upload.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';

export const invoicesKeys = {
  all: ['invoices'] as const,
  customers: (kind: IssuedKind = 'invoice') => [...invoicesKeys.all, 'customers', kind] as const,
  list: (view: InvoiceView, customerId?: number, kind: InvoiceKind = 'invoice') =>
    [...invoicesKeys.all, 'list', kind, view, customerId ?? 0] as const,
  invoice: (invoiceId: number, combined = false) => [...invoicesKeys.all, 'invoice', invoiceId, combined] as const,
  run: (runId: number) => [...invoicesKeys.all, 'run', runId] as const,
};

/** The finished Berlin months, newest first: invoices are issued for these only. */
export function finishedMonths(count = 24, today = berlinToday()): string[] {
  const [year, month] = today.split('-').map(Number);
  if (year === undefined || month === undefined) throw new RangeError(`not a calendar day: ${today}`);
  let y = year;
  let m = month;
  const months: string[] = [];
  for (let i = 0; i < count; i++) {
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
    months.push(`${y}-${String(m).padStart(2, '0')}`);
  }
  return months;
}

export type CustomerFilters = { month: string; search: string };

/** The documents issued per customer and month: invoices, and reclamation invoices (their credit notes summed). */
export type IssuedKind = Exclude<InvoiceKind, 'credit_note'>;

export function findCustomersForInvoice(kind: IssuedKind) {
  return async ({
    page,
    limit,
    filters,
    abort,
  }: PageRequest<CustomerFilters>): Promise<PageResult<CustomerForInvoice>> => {
    const data = await api.call(
      kind === 'invoice' ? '/get_customers_for_invoice/' : '/get_customers_for_reclamation_invoice/',
      { month: filters.month, search: filters.search || undefined, page, limit },
      { abort },
    );
    return { items: data.customers, filters: data.filters };
  };
}

/** Where a document opens: invoices and reclamation invoices in net view, credit notes on their own screen. */
export function detailPathOf(kind: InvoiceKind, id: number): string {
  if (kind === 'credit_note') return `/new/invoice-credit-note/${id}`;
  return kind === 'reclamation' ? `/new/invoice-reclamation/${id}` : `/new/invoice/${id}`;
}

export type InvoiceFilters = { month: string };

/** Invoices, or the reclamations' documents (`kind`), which are listed by the same rules from their own call. */
export function findInvoices(view: InvoiceView, customerId?: number, kind: InvoiceKind = 'invoice') {
  return async ({ page, limit, filters, abort }: PageRequest<InvoiceFilters>): Promise<PageResult<InvoiceSummary>> => {
    const data = await api.call(
      kind === 'invoice' ? '/view_invoices/' : '/view_reclamation_invoices/',
      {
        view,
        customer_id: customerId,
        month: filters.month || undefined,
        page,
        limit,
        ...(kind === 'invoice' ? {} : { kind }),
      },
      { abort },
    );
    return { items: data.invoices, filters: data.filters };
  };
}

/** One document; `combined`: a reclamation invoice netted with its month's invoice. */
export function useInvoice(invoiceId: number, combined = false) {
  return useQuery({
    queryKey: invoicesKeys.invoice(invoiceId, combined),
    queryFn: ({ signal }) =>
      api.call(
        '/get_invoice_report/',
        { invoice_id: invoiceId, ...(combined ? { combined: true } : {}) },
        { abort: signal },
      ),
  });
}

export function useGenerateInvoices(kind: IssuedKind) {
  return useMutation({
    mutationFn: (body: { customer_ids: number[]; month: string }) =>
      api.call(
        kind === 'invoice'
          ? '/generate_invoices_with_customer_ids/'
          : '/generate_reclamation_invoices_with_customer_ids/',
        body,
      ),
  });
}

/** A run's progress, asked again every second until it has finished; then the lists are stale. */
export function useInvoiceRun(runId: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: invoicesKeys.run(runId ?? 0),
    enabled: runId !== null,
    // Only enabled with a run.
    queryFn: async ({ signal }) => {
      const run = await api.get('/invoice_runs/:runId/', undefined, { abort: signal, params: { runId: runId ?? 0 } });
      if (run.status === 'done' || run.status === 'refused') {
        await client.invalidateQueries({ queryKey: [...invoicesKeys.all, 'customers'] });
        await client.invalidateQueries({ queryKey: [...invoicesKeys.all, 'list'] });
      }
      return run;
    },
    refetchInterval: (q) => (q.state.data?.status === 'done' || q.state.data?.status === 'refused' ? false : 1000),
  });
}

/** Saves one of the invoice's files under the name the server gives (it answers only issuer and recipient). */
function saveInvoiceFile(path: string, fallbackName: string): Promise<void> {
  return saveFile(path, { fileName: fallbackName, serverName: true });
}

export function saveInvoicePdf(invoiceId: number, view: 'net' | 'gross'): Promise<void> {
  return saveInvoiceFile(`/invoices/${invoiceId}/pdf/?view=${view}`, 'invoice.pdf');
}

/** XRechnung (XML) or ZUGFeRD (PDF with the XML inside). */
export function saveEinvoice(invoiceId: number, format: EinvoiceFormat): Promise<void> {
  return saveInvoiceFile(`/invoices/${invoiceId}/${format}/`, format === 'xrechnung' ? 'invoice.xml' : 'invoice.pdf');
}
