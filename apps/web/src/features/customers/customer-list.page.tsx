import { ActionIcon, Badge, Button, Group, Switch, Text, Tooltip } from '@mantine/core';
import { RULES } from '@portal/contract/rules';
import { IconEye, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerKeys } from '../../lib/customer-lookup.ts';
import { useCan } from '../../lib/permissions.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { type CustomerListFilters, type CustomerListRow, findCustomers } from './customers.queries.ts';
import { useCustomerStatusChange } from './status-change.tsx';

const DEFAULT_FILTERS: CustomerListFilters = { search_text: '' };

/** `/customers/view` (active customers) and `/stopped-customers/view` (deactivated ones): one list, two filters. */
export function CustomerListPage({ stopped = false }: { stopped?: boolean }) {
  const { t } = useTranslation();
  const canChange = useCan(RULES.customersChange);
  const status = useCustomerStatusChange();

  const columns: Column<CustomerListRow>[] = [
    { key: 'id', header: t('customers.number'), render: (r) => r.customer_id, width: 80 },
    {
      key: 'name',
      header: t('customers.name'),
      render: (r) => (
        <div>
          <Text size="sm" fw={500} component={Link} to={`/customer/details/${r.customer_id}`}>
            {r.name}
          </Text>
          <Text size="xs" c="dimmed">
            {r.username}
          </Text>
        </div>
      ),
    },
    { key: 'city', header: t('customers.city'), render: (r) => r.city },
    { key: 'balance', header: t('credit.balance'), align: 'right', render: (r) => <Money amount={r.balance} /> },
    {
      key: 'outstanding',
      header: t('credit.outstandingCredit'),
      align: 'right',
      render: (r) => <Money amount={r.outstanding_credit} />,
    },
    {
      key: 'limit',
      header: t('credit.creditLimit'),
      align: 'right',
      render: (r) => <Money amount={r.credit_limit} />,
    },
    {
      key: 'status',
      header: t('customers.status'),
      render: (r) =>
        canChange ? (
          <Switch
            checked={r.is_active === 1}
            onChange={() => status.change(r, r.is_active !== 1)}
            disabled={status.busy(r.customer_id)}
            label={t(r.is_active ? 'customers.active' : 'customers.inactive')}
            aria-label={t('customers.toggleStatus', { name: r.name })}
          />
        ) : (
          <Badge variant="light" color={r.is_active ? 'teal' : 'gray'}>
            {t(r.is_active ? 'customers.active' : 'customers.inactive')}
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('customers.details')}>
            <ActionIcon
              variant="subtle"
              component={Link}
              to={`/customer/details/${r.customer_id}`}
              aria-label={t('customers.detailsOf', { name: r.name })}
            >
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
          {canChange && (
            <Tooltip label={t('customers.edit')}>
              <ActionIcon
                variant="subtle"
                component={Link}
                to={`/customer/edit/${r.customer_id}`}
                aria-label={t('customers.editOf', { name: r.name })}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t(stopped ? 'screen.stoppedCustomers' : 'screen.customers')}
        description={t(stopped ? 'customers.stoppedDescription' : 'customers.listDescription')}
        actions={
          canChange && (
            <Button component={Link} to="/customer/add" leftSection={<IconPlus size={16} />}>
              {t('screen.customerAdd')}
            </Button>
          )
        }
      />
      <DataTable
        queryKey={[...customerKeys.lists(), stopped ? 'stopped' : 'active']}
        queryFn={(request) => findCustomers(stopped ? 0 : 1, request)}
        columns={columns}
        rowKey={(r) => r.customer_id}
        defaultFilters={DEFAULT_FILTERS}
        toolbar={(filters, setFilters) => (
          <SearchBox value={filters.search_text} onSearch={(search_text) => setFilters({ search_text })} />
        )}
      />
    </>
  );
}
