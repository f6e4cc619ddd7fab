import { Anchor, Group, SegmentedControl, Text } from '@mantine/core';
import type { InvoiceKind, InvoiceSummary, InvoiceView } from '@portal/contract/invoices';
import { ROLE } from '@portal/contract/roles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ScreenTitleKey } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import { type Column, DataTable, type PageRequest } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PdfButtons } from '../../ui/pdf-buttons.tsx';
import { EinvoiceButtons } from './einvoice-buttons.tsx';
import { MonthSelect } from './invoice-parts.tsx';
import { detailPathOf, findInvoices, invoicesKeys, saveInvoicePdf } from './invoices.queries.ts';

type ListFilters = { month: string; doc: string };
const DEFAULT_FILTERS: ListFilters = { month: '', doc: '' };
/** The reclamation lists show reclamation invoices, or on request the single credit notes they sum up. */
const RECLAMATION_DOCS = ['reclamation', 'credit_note'] as const;
const RECLAMATION_FILTERS: ListFilters = { month: '', doc: 'reclamation' };
const ALLOWED_DOCS: { doc: readonly string[] } = { doc: RECLAMATION_DOCS };

/**
 * `/invoices-all` (operators: what they issued; a shop: what it received), `/my-invoices-all` (a reseller's
 * invoices from the platform) and `/invoice/{customerId}` (what was issued to one customer); with `kind`
 * reclamation the same for the reclamations' documents (`/invoices-all-reclamation`,
 * `/my-reclamation-invoices-all`): reclamation invoices, or the single credit notes.
 */
export function InvoiceListPage({
  mode,
  title,
  kind = 'invoice',
}: {
  mode: 'all' | 'received' | 'customer';
  title: ScreenTitleKey;
  kind?: 'invoice' | 'reclamation';
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const params = useParams();
  const customerId = mode === 'customer' ? Number(params.customerId) : undefined;
  const operator = user?.account_role === ROLE.superadmin || user?.account_role === ROLE.reseller;
  const view: InvoiceView = mode === 'received' || (mode === 'all' && !operator) ? 'received' : 'issued';
  const queryFn = useMemo(
    () => (request: PageRequest<{ month: string; doc?: string }>) =>
      findInvoices(
        view,
        customerId,
        kind === 'invoice' ? 'invoice' : ((request.filters.doc as InvoiceKind) ?? kind),
      )(request),
    [view, customerId, kind],
  );
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
            to={detailPathOf(r.kind, r.id)}
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
      render: (r) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <PdfButtons number={r.invoice_no} save={(view) => saveInvoicePdf(r.id, view)} />
          {/* The monthly overview of corrections is no invoice: a PDF only (decision 0091). */}
          {r.kind !== 'reclamation' && <EinvoiceButtons invoiceId={r.id} number={r.invoice_no} />}
        </Group>
      ),
    },
  ];
  const notes = kind === 'reclamation';
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
        defaultFilters={notes ? RECLAMATION_FILTERS : DEFAULT_FILTERS}
        allowedFilters={notes ? ALLOWED_DOCS : undefined}
        emptyTitle={
          notes
            ? t('invoices.emptyCreditNotes')
            : view === 'issued'
              ? t('invoices.emptyIssued')
              : t('invoices.emptyReceived')
        }
        toolbar={(filters, setFilters) => (
          <Group gap="sm" align="flex-end">
            <MonthSelect value={filters.month} onChange={(month) => setFilters({ month })} allowAll />
            {notes && (
              <SegmentedControl
                aria-label={t('invoices.document')}
                value={filters.doc || 'reclamation'}
                onChange={(doc) => setFilters({ doc })}
                data={RECLAMATION_DOCS.map((d) => ({ value: d, label: t(`invoices.kinds.${d}`) }))}
              />
            )}
          </Group>
        )}
      />
    </>
  );
}
