import { Button, Group, Switch, Text } from '@mantine/core';
import type { SupplierView } from '@portal/contract/suppliers';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { ActiveStatusFilter } from '../../ui/list-filters.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { findSuppliers, type SupplierFilters, supplierKeys, useToggleSupplier } from './suppliers.queries.ts';

const DEFAULT_FILTERS: SupplierFilters = { search_text: '', status: '' };
const ALLOWED = { status: ['', '0', '1'] };

export function SupplierListPage() {
  const { t } = useTranslation();
  const toggle = useToggleSupplier();
  const columns: Column<SupplierView>[] = [
    {
      key: 'name',
      header: t('suppliers.full_name'),
      render: (s) => (
        <div>
          <Text size="sm" fw={500}>
            {s.full_name}
          </Text>
          <Text size="xs" c="dimmed">
            {s.company}
          </Text>
        </div>
      ),
    },
    { key: 'email', header: t('suppliers.email'), render: (s) => s.email },
    { key: 'phone', header: t('suppliers.telephone'), render: (s) => s.telephone || s.mobile },
    {
      key: 'city',
      header: t('suppliers.city'),
      render: (s) => [s.postalcode, s.city].filter(Boolean).join(' '),
    },
    {
      key: 'status',
      header: t('suppliers.common.status'),
      render: (s) => (
        <Switch
          aria-label={`${t('suppliers.common.status')} ${s.full_name}`}
          checked={s.status === 1}
          label={t(s.status ? 'suppliers.common.active' : 'suppliers.common.inactive')}
          disabled={toggle.isPending && toggle.variables?.supplier_id === s.supplier_id}
          onChange={(e) => toggle.mutate({ supplier_id: s.supplier_id, status: e.currentTarget.checked ? 1 : 0 })}
        />
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (s) => (
        <Button size="xs" variant="light" component={Link} to={`/supplier/edit/${s.supplier_id}`}>
          {t('suppliers.common.edit')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('screen.suppliers')}
        description={t('suppliers.listDescription')}
        actions={
          <Button leftSection={<IconPlus size={16} />} component={Link} to="/supplier/add">
            {t('screen.supplierAdd')}
          </Button>
        }
      />
      <DataTable
        queryKey={supplierKeys.lists()}
        queryFn={findSuppliers}
        columns={columns}
        rowKey={(s) => s.supplier_id}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, setFilters) => (
          <Group gap="sm">
            <SearchBox
              label={t('suppliers.common.search')}
              value={filters.search_text}
              onSearch={(text) => setFilters({ search_text: text })}
            />
            <ActiveStatusFilter
              domain="suppliers"
              value={filters.status}
              onChange={(status) => setFilters({ status: status })}
            />
          </Group>
        )}
      />
    </>
  );
}
