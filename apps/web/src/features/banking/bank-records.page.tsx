import { ActionIcon, Group, Select, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { BANK_RECORD_STATUSES } from '@portal/contract/banking';
import { IconRestore, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { customerSource } from '../../lib/customer-lookup.ts';
import { CustomerPicker } from '../../ui/customer-picker.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { bankRecordColumns } from './bank-record-columns.tsx';
import {
  type BankRecord,
  type BankRecordFilters,
  bankingKeys,
  findBankRecords,
  NO_RECORD_FILTERS,
  useUpdateBankRecord,
} from './banking.queries.ts';

const ALLOWED = { status: ['', ...BANK_RECORD_STATUSES], search: undefined };
const findLines = (request: Parameters<typeof findBankRecords>[1]) => findBankRecords(0, request);
const findDeleted = (request: Parameters<typeof findBankRecords>[1]) => findBankRecords(1, request);

/** `/banking-list`: every imported line; open incoming ones are mapped here one by one, lines deleted. */
export function BankRecordsPage() {
  const { t } = useTranslation();
  const update = useUpdateBankRecord();
  const columns: Column<BankRecord>[] = [
    ...bankRecordColumns(t),
    {
      key: 'customer',
      header: t('banking.customer'),
      render: (r) =>
        r.direction === 'credit' && r.status !== 'booked' ? (
          <CustomerPicker
            source={customerSource}
            inline
            label={t('banking.customerFor', { payer: r.payer_name })}
            value={r.customer_id}
            selectedName={r.customer_name ?? undefined}
            onChange={(customerId) =>
              customerId && update.mutate({ action: 'assign', id: r.id, customer_id: customerId })
            }
            w={240}
          />
        ) : (
          (r.customer_name ?? '—')
        ),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>{t('banking.actions')}</VisuallyHidden>,
      align: 'right',
      render: (r) =>
        r.status === 'booked' ? (
          <Text size="xs" c="dimmed">
            {r.booked_at && <DateTime value={r.booked_at} />}
          </Text>
        ) : (
          <Tooltip label={t('banking.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('banking.deleteLine', { payer: r.payer_name })}
              loading={update.isPending && update.variables?.id === r.id}
              onClick={() => update.mutate({ action: 'delete', id: r.id })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        ),
    },
  ];
  return (
    <>
      <PageHeader title={t('screen.bankingList')} description={t('banking.listDescription')} />
      <DataTable
        queryKey={bankingKeys.records()}
        queryFn={findLines}
        columns={columns}
        rowKey={(r) => r.id}
        defaultFilters={NO_RECORD_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, setFilters) => <LineFilters filters={filters} setFilters={setFilters} />}
      />
    </>
  );
}

function LineFilters({
  filters,
  setFilters,
}: {
  filters: BankRecordFilters;
  setFilters: (change: Partial<BankRecordFilters>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group>
      <SearchBox value={filters.search} onSearch={(search) => setFilters({ search })} label={t('banking.search')} />
      <Select
        aria-label={t('banking.status')}
        placeholder={t('banking.allStatuses')}
        data={BANK_RECORD_STATUSES.map((s) => ({ value: s, label: t(`banking.statuses.${s}`) }))}
        value={filters.status || null}
        onChange={(v) => setFilters({ status: v ?? '' })}
        clearable
        w={180}
      />
    </Group>
  );
}

/** `/banking-deleted`: deleted lines, each restorable. */
export function BankDeletedPage() {
  const { t } = useTranslation();
  const update = useUpdateBankRecord();
  const columns: Column<BankRecord>[] = [
    ...bankRecordColumns(t),
    {
      key: 'deleted',
      header: t('banking.deletedAt'),
      render: (r) => (r.deleted_at ? <DateTime value={r.deleted_at} /> : null),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>{t('banking.actions')}</VisuallyHidden>,
      align: 'right',
      render: (r) => (
        <Tooltip label={t('banking.restore')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('banking.restoreLine', { payer: r.payer_name })}
            loading={update.isPending && update.variables?.id === r.id}
            onClick={() => update.mutate({ action: 'restore', id: r.id })}
          >
            <IconRestore size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('screen.bankingDeleted')} description={t('banking.deletedDescription')} />
      <DataTable
        queryKey={[...bankingKeys.records(), 'deleted']}
        queryFn={findDeleted}
        columns={columns}
        rowKey={(r) => r.id}
        defaultFilters={NO_RECORD_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, setFilters) => <LineFilters filters={filters} setFilters={setFilters} />}
      />
    </>
  );
}
