import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { customerSource } from '../../lib/customer-lookup.ts';
import { CustomerPicker } from '../../ui/customer-picker.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { type EntryViews, LedgerTable } from '../../ui/ledger-table.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { creditKeys, exportCustomerLedger, findCustomerLedger } from './credit.queries.ts';

/** `/admin/customer-ledger`: the balance and credit lines of one customer, found by name, number or username. */
export function CustomerLedgerPage({ entryViews }: { entryViews?: EntryViews }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const customerId = Number(params.get('customer_id')) || null;
  return (
    <>
      <PageHeader title={t('screen.customerLedger')} description={t('credit.customerLedgerDescription')} />
      <Paper withBorder radius="md" p="md" mb="md">
        <CustomerPicker
          source={customerSource}
          search
          value={customerId}
          onChange={(id) => setParams(id ? { customer_id: String(id) } : {})}
          w={420}
        />
      </Paper>
      {customerId ? (
        <LedgerTable
          key={customerId}
          queryKey={creditKeys.customerLedger(customerId)}
          queryFn={(request) => findCustomerLedger(customerId, request)}
          entryViews={entryViews}
          exportLines={exportCustomerLedger(customerId)}
        />
      ) : (
        <Paper withBorder radius="md">
          <EmptyState title={t('credit.pickCustomerFirst')} />
        </Paper>
      )}
    </>
  );
}
