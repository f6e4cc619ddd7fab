import { Badge, Text } from '@mantine/core';
import type { CreditLogRow } from '@portal/contract/credit';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerSource } from '../../lib/customer-lookup.ts';
import { CustomerPicker } from '../../ui/customer-picker.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { ExportButtons } from '../../ui/export-buttons.tsx';
import { EntryReference, MoneyFilterControls } from '../../ui/ledger-table.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { type CreditLogFilters, creditKeys, exportCreditLogs, findCreditLogs } from './credit.queries.ts';

const DEFAULT_FILTERS: CreditLogFilters = { customer_id: '', from: '', to: '', kind: '' };
const LOG_KINDS = ['credit_topup', 'payment', 'auto_credit'] as const;
const ALLOWED = { kind: ['', ...LOG_KINDS], customer_id: undefined };

/**
 * `/customer/credit/history`: every credit top-up, payment and auto-credit of the user's customers, exported with
 * the list's filters as CSV or XLSX.
 */
export function CreditHistoryPage() {
  const { t } = useTranslation();
  const columns: Column<CreditLogRow>[] = [
    { key: 'date', header: t('credit.date'), render: (r) => <DateTime value={r.created_at} /> },
    {
      key: 'customer',
      header: t('customers.customer'),
      render: (r) => (
        <Text size="sm" component={Link} to={`/customer/details/${r.customer_id}`}>
          {r.customer_name}
        </Text>
      ),
    },
    {
      key: 'kind',
      header: t('credit.kind'),
      render: (r) => (
        <Badge variant="light" color={r.kind === 'payment' ? 'teal' : 'blue'}>
          {t(`credit.kinds.${r.kind}`)}
        </Badge>
      ),
    },
    { key: 'amount', header: t('credit.amount'), align: 'right', render: (r) => <Money amount={r.amount} /> },
    {
      key: 'settled',
      header: t('credit.settledCredit'),
      align: 'right',
      render: (r) => <Money amount={r.settled_credit} />,
    },
    {
      key: 'reference',
      header: t('credit.reference'),
      render: (r) => <EntryReference entry={r} />,
    },
    { key: 'by', header: t('credit.createdBy'), render: (r) => r.created_by ?? t('credit.system') },
  ];
  return (
    <>
      <PageHeader title={t('screen.creditHistory')} description={t('credit.historyDescription')} />
      <DataTable
        queryKey={creditKeys.logs()}
        queryFn={findCreditLogs}
        columns={columns}
        rowKey={(r) => r.entry_id}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, setFilters) => (
          <>
            <CustomerPicker
              source={customerSource}
              inline
              value={filters.customer_id ? Number(filters.customer_id) : null}
              onChange={(id) => setFilters({ customer_id: id ? String(id) : '' })}
              clearable
              w={280}
            />
            <MoneyFilterControls filters={filters} setFilters={setFilters} kinds={LOG_KINDS} />
            <ExportButtons onExport={(format) => exportCreditLogs(filters, format)} />
          </>
        )}
      />
    </>
  );
}
