import { Anchor, Text } from '@mantine/core';
import type { InvoiceKind, InvoiceSummary, InvoiceView } from '@portal/contract/invoices';
import { ROLE } from '@portal/contract/roles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ScreenTitleKey } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PdfButtons } from '../../ui/pdf-buttons.tsx';
import { MonthSelect } from './invoice-parts.tsx';
import { findInvoices, invoicesKeys, saveInvoicePdf } from './invoices.queries.ts';

const DEFAULT_FILTERS = { month: '' };

/**
 * `/invoices-all` (operators: what they issued; a shop: what it received), `/my-invoices-all` (a reseller's
 * invoices from the platform) and `/invoice/{customerId}` (what was issued to one customer); with `kind`
 * credit_note the same for reclamation credit notes (`/invoices-all-reclamation`, `/my-reclamation-invoices-all`).
 */
export function InvoiceListPage({
  mode,
  title,
  kind = 'invoice',
}: {
  mode: 'all' | 'received' | 'customer';
  title: ScreenTitleKey;
  kind?: InvoiceKind;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const params = useParams();
  const customerId = mode === 'customer' ? Number(params.customerId) : undefined;
  const operator = user?.account_role === ROLE.superadmin || user?.account_role === ROLE.reseller;
  const view: InvoiceView = mode === 'received' || (mode === 'all' && !operator) ? 'received' : 'issued';
  const queryFn = useMemo(() => findInvoices(view, customerId, kind), [view, customerId, kind]);
  const detailOf = (id: number) => (kind === 'credit_note' ? `/new/invoice-credit-note/${id}` : `/new/invoice/${id}`);
  // The detail screens are the operators' (spec section 2); a shop downloads the PDF from the list.
  const canOpen = operator;
  const columns: Column<InvoiceSummary>[] = [
    {
      key: 'number',
      header: t('invoices.number'),
      render: (r) =>
        canOpen ? (
          <Anchor
            component={Link}
            to={detailOf(r.id)}
            size="sm"
            aria-label={t('invoices.open', { number: r.invoice_no })}
          >
            {r.invoice_no}
          </Anchor>
        ) : (
          <Text size="sm">{r.invoice_no}</Text>
        ),
    },
    view === 'issued'
      ? { key: 'recipient', header: t('invoices.recipient'), render: (r) => r.recipient_name }
      : { key: 'issuer', header: t('invoices.issuer'), render: (r) => r.issuer_name },
    {
      key: 'period',
      header: t('invoices.period'),
      render: (r) => (
        <>
          <DateTime value={r.period_start} dateOnly /> – <DateTime value={r.period_end} dateOnly />
        </>
      ),
    },
    { key: 'issued', header: t('invoices.issuedAt'), render: (r) => <DateTime value={r.issued_at} dateOnly /> },
    { key: 'net', header: t('invoices.net'), align: 'right', render: (r) => <Money amount={r.net_total} /> },
    { key: 'vat', header: t('invoices.vat'), align: 'right', render: (r) => <Money amount={r.vat_total} /> },
    { key: 'gross', header: t('invoices.gross'), align: 'right', render: (r) => <Money amount={r.gross_total} /> },
    {
      key: 'pdf',
      header: t('invoices.actions'),
      align: 'right',
      render: (r) => <PdfButtons number={r.invoice_no} save={(view) => saveInvoicePdf(r.id, view)} />,
    },
  ];
  const notes = kind === 'credit_note';
  const description =
    mode === 'customer'
      ? t('invoices.descriptions.customer')
      : view === 'issued'
        ? t(notes ? 'invoices.descriptions.creditNotesIssued' : 'invoices.descriptions.issued')
        : t(notes ? 'invoices.descriptions.creditNotesReceived' : 'invoices.descriptions.received');
  return (
    <>
      <PageHeader title={t(title)} description={description} />
      <DataTable
        queryKey={invoicesKeys.list(view, customerId, kind)}
        queryFn={queryFn}
        columns={columns}
        rowKey={(r) => r.id}
        defaultFilters={DEFAULT_FILTERS}
        emptyTitle={
          notes
            ? t('invoices.emptyCreditNotes')
            : view === 'issued'
              ? t('invoices.emptyIssued')
              : t('invoices.emptyReceived')
        }
        toolbar={(filters, setFilters) => (
          <MonthSelect value={filters.month} onChange={(month) => setFilters({ month })} allowAll />
        )}
      />
    </>
  );
}
