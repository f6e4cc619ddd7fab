import { ActionIcon, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { askToConfirm } from '../../ui/confirm-action.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { type BankNameMappingRow, bankingKeys, findMappedCustomers, useDeleteMapping } from './banking.queries.ts';

const DEFAULT_FILTERS = { search: '' };
const ALLOWED = { search: undefined };

/** `/banking-customers`: the payers remembered for later statements, each with its customer. */
export function MappedCustomersPage() {
  const { t } = useTranslation();
  const forget = useDeleteMapping();
  const columns: Column<BankNameMappingRow>[] = [
    { key: 'payer', header: t('banking.payer'), render: (r) => r.payer_name },
    {
      key: 'iban',
      header: t('banking.iban'),
      render: (r) => (
        <Text size="sm" ff="monospace">
          {r.payer_iban ?? t('banking.byName')}
        </Text>
      ),
    },
    {
      key: 'customer',
      header: t('banking.customer'),
      render: (r) => (
        <Text size="sm" component={Link} to={`/customer/details/${r.customer_id}`}>
          {r.customer_name}
        </Text>
      ),
    },
    { key: 'since', header: t('banking.mappedSince'), render: (r) => <DateTime value={r.created_at} /> },
    {
      key: 'actions',
      header: <VisuallyHidden>{t('banking.actions')}</VisuallyHidden>,
      align: 'right',
      render: (r) => (
        <Tooltip label={t('banking.forget')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('banking.forgetPayer', { payer: r.payer_name })}
            loading={forget.isPending && forget.variables === r.id}
            onClick={() =>
              // The mapping is made again by the next statement's mapping step, not from here: no undo.
              askToConfirm({
                title: t('safeActions.mapping.title'),
                consequence: t('safeActions.mapping.consequence', { payer: r.payer_name, customer: r.customer_name }),
                confirmLabel: t('safeActions.deleteConfirm'),
                danger: true,
                run: () => forget.mutateAsync(r.id),
                done: { message: t('safeActions.mapping.done', { payer: r.payer_name }) },
              })
            }
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('screen.bankingCustomers')} description={t('banking.customersDescription')} />
      <DataTable
        queryKey={bankingKeys.mappings()}
        queryFn={findMappedCustomers}
        columns={columns}
        rowKey={(r) => r.id}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, setFilters) => (
          <SearchBox value={filters.search} onSearch={(search) => setFilters({ search })} label={t('banking.search')} />
        )}
      />
    </>
  );
}
