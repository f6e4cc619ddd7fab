import { Alert, Anchor, Button, Checkbox, Group, Progress, Stack, Text } from '@mantine/core';
import type { CustomerForInvoice, InvoiceHold } from '@portal/contract/invoices';
import { IconFileInvoice } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { readTableState } from '../../ui/data-table-state.ts';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { MonthSelect } from './invoice-parts.tsx';
import {
  type CustomerFilters,
  detailPathOf,
  findCustomersForInvoice,
  finishedMonths,
  type IssuedKind,
  invoicesKeys,
  useGenerateInvoices,
  useInvoiceRun,
} from './invoices.queries.ts';

/**
 * `/invoice-generate`: the month's customers with their purchases; the chosen ones are invoiced by a job.
 * `/invoice-generate-reclamation` (`kind` reclamation): the same for the month's credit notes per customer.
 */
export function InvoiceGeneratePage({ kind = 'invoice' }: { kind?: IssuedKind }) {
  const { t } = useTranslation();
  const [defaults] = useState<CustomerFilters>(() => ({ month: finishedMonths(1)[0]!, search: '' }));
  const [allowed] = useState(() => ({ month: finishedMonths() }));
  const [params] = useSearchParams();
  // The month the table shows, read as the table reads it: a selection belongs to one month.
  const month = readTableState(params, { pageSize: 1, defaults, allowed }).filters.month;
  const [selected, setSelected] = useState<{ month: string; ids: Set<number> }>({ month: '', ids: new Set() });
  const [runId, setRunId] = useState<number | null>(null);
  const generate = useGenerateInvoices(kind);
  const queryFn = useMemo(() => findCustomersForInvoice(kind), [kind]);
  const notes = kind === 'reclamation';
  const run = useInvoiceRun(runId);

  const invoiceable = (c: CustomerForInvoice) => c.invoice_id === null && c.sales_count > 0;
  const toggle = (month: string, id: number, on: boolean) =>
    setSelected((s) => {
      const ids = new Set(s.month === month ? s.ids : []);
      if (on) ids.add(id);
      else ids.delete(id);
      return { month, ids };
    });

  const columns = (month: string): Column<CustomerForInvoice>[] => [
    {
      key: 'select',
      header: t('invoices.select'),
      width: 60,
      render: (c) => (
        <Checkbox
          aria-label={t('invoices.selectCustomer', { customer: c.name })}
          disabled={!invoiceable(c)}
          checked={selected.month === month && selected.ids.has(c.customer_id)}
          onChange={(e) => toggle(month, c.customer_id, e.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'customer',
      header: t('invoices.customer'),
      render: (c) => (
        <Anchor component={Link} to={`/invoice/${c.customer_id}`} size="sm">
          {c.name}
        </Anchor>
      ),
    },
    {
      key: 'sales',
      header: t(notes ? 'invoices.creditNotesCount' : 'invoices.salesCount'),
      align: 'right',
      render: (c) => c.sales_count,
    },
    {
      key: 'purchases',
      header: t(notes ? 'invoices.credited' : 'invoices.purchases'),
      align: 'right',
      render: (c) => <Money amount={c.purchases_gross} />,
    },
    {
      key: 'invoice',
      header: t('invoices.invoice'),
      render: (c) =>
        c.invoice_id !== null ? (
          <Anchor component={Link} to={detailPathOf(kind, c.invoice_id)} size="sm">
            {c.invoice_no}
          </Anchor>
        ) : c.held ? (
          <Stack gap={0}>
            <Text size="sm" c="red" data-testid="invoice-held">
              {t('invoices.held', { reason: heldReason(c.held) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('invoices.heldHint')}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {c.sales_count > 0
              ? t('invoices.notInvoiced')
              : t(notes ? 'invoices.nothingCredited' : 'invoices.nothingBought')}
          </Text>
        ),
    },
  ];

  /** A held month's reason in the user's language: the refusal's code with its parameters. */
  const heldReason = (held: InvoiceHold) =>
    t(`errors.codes.${held.code}` as 'errors.codes.einvoice_party_incomplete', {
      ...held.params,
      defaultValue: held.code,
    });

  const start = () =>
    generate.mutate(
      { customer_ids: [...selected.ids], month },
      {
        onSuccess: (r) => {
          setRunId(r.run_id);
          setSelected({ month: '', ids: new Set() });
        },
      },
    );
  const r = run.data;

  return (
    <>
      <PageHeader
        title={t(notes ? 'screen.invoiceGenerateReclamation' : 'screen.invoiceGenerate')}
        description={t(notes ? 'invoices.descriptions.generateReclamation' : 'invoices.descriptions.generate')}
        actions={
          <Button
            leftSection={<IconFileInvoice size={16} />}
            disabled={selected.month !== month || selected.ids.size === 0}
            loading={generate.isPending}
            onClick={start}
          >
            {t('invoices.generate', { count: selected.month === month ? selected.ids.size : 0 })}
          </Button>
        }
      />
      <Stack gap="md">
        {generate.isError && (
          <Alert color="red" role="alert">
            {describeError(t, generate.error)}
          </Alert>
        )}
        {run.isError && (
          <Alert color="red" role="alert">
            {describeError(t, run.error)}
          </Alert>
        )}
        {r && r.status !== 'done' && r.status !== 'refused' && (
          <Stack gap={4} role="status">
            <Text size="sm">{t('invoices.running', { done: r.done, total: r.total })}</Text>
            <Progress value={r.total ? (100 * r.done) / r.total : 0} />
          </Stack>
        )}
        {r?.status === 'done' && (
          <Alert color="green" role="status">
            {t('invoices.finished', { count: r.issued })}
          </Alert>
        )}
        {r?.status === 'done' && r.held > 0 && (
          <Alert color="orange" role="alert">
            {t('invoices.finishedHeld', { count: r.held })}
          </Alert>
        )}
        {r?.status === 'refused' && (
          <Alert color="red" role="alert">
            {t('errors.codes.issuer_tax_id_missing')}
          </Alert>
        )}
        <DataTable
          queryKey={invoicesKeys.customers(kind)}
          queryFn={queryFn}
          columns={columns(month)}
          allowedFilters={allowed}
          rowKey={(c) => c.customer_id}
          defaultFilters={defaults}
          emptyTitle={t('invoices.emptyCustomers')}
          toolbar={(filters, setFilters) => (
            <Group gap="sm" align="flex-end">
              <MonthSelect value={filters.month} onChange={(next) => setFilters({ month: next })} />
              <SearchBox
                value={filters.search}
                onSearch={(search) => setFilters({ search })}
                label={t('invoices.search')}
              />
            </Group>
          )}
        />
      </Stack>
    </>
  );
}
