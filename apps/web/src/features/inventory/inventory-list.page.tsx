import { Badge, Button, Group, SegmentedControl } from '@mantine/core';
import { OWNERSHIPS } from '@portal/contract/inventory';
import { PRODUCT_TYPES } from '@portal/contract/products';
import { ROLE } from '@portal/contract/roles';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { ProductTypeFilter } from '../../ui/list-filters.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ProductCell } from '../../ui/product-cell.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { AssignedBadge, useStockCountColumns } from '../../ui/stock-counts.tsx';
import { findStock, inventoryKeys, type StockFilters, type StockRow } from './inventory.queries.ts';

const DEFAULT_FILTERS: StockFilters = { search_text: '', product_type: '', ownership: '' };
const ALLOWED = { product_type: ['', ...PRODUCT_TYPES], ownership: ['', ...OWNERSHIPS] };

/**
 * `/inventory/view`: every denomination of the owner's catalogue with its stock figures, and for a
 * reseller the platform's denominations assigned to it, with how many PINs are for sale.
 */
export function InventoryListPage() {
  const { t } = useTranslation();
  // Only a reseller is assigned the platform's stock; the platform has nothing to tell apart.
  const reseller = useSession().user?.account_role === ROLE.reseller;
  const stockCountColumns = useStockCountColumns<StockRow>();
  const columns: Column<StockRow>[] = [
    {
      key: 'product',
      header: t('inventory.common.product'),
      render: (r) => (
        <ProductCell
          name={r.product_name}
          to={`/inventory/details/${r.configuration_id}`}
          detail={`${t(`products.types.${r.product_type}`)}${r.is_active ? '' : ` · ${t('inventory.common.inactive')}`}`}
          badge={r.assigned === 1 && <AssignedBadge />}
        />
      ),
    },
    ...stockCountColumns,
    {
      key: 'available',
      header: t('inventory.stock.available'),
      align: 'right',
      render: (r) => (
        <Badge variant="light" color={r.available > 0 ? 'teal' : 'red'}>
          {r.available}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (r) => (
        <Button size="xs" variant="light" component={Link} to={`/stock/details/${r.configuration_id}`}>
          {t('inventory.common.details')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('screen.inventory')}
        description={t('inventory.stock.listDescription')}
        actions={
          <Group gap="xs">
            <Button variant="default" component={Link} to="/inventory/approve">
              {t('screen.inventoryApprove')}
            </Button>
            <Button leftSection={<IconFileImport size={16} />} component={Link} to="/inventory/add">
              {t('screen.inventoryAdd')}
            </Button>
          </Group>
        }
      />
      <DataTable
        queryKey={inventoryKeys.stock()}
        queryFn={findStock}
        columns={columns}
        rowKey={(r) => r.configuration_id}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, setFilters) => (
          <>
            <SearchBox
              label={t('inventory.common.search')}
              value={filters.search_text}
              onSearch={(text) => setFilters({ search_text: text })}
            />
            <ProductTypeFilter value={filters.product_type} onChange={(type) => setFilters({ product_type: type })} />
            {reseller && (
              <SegmentedControl
                aria-label={t('inventory.assigned.ownership.label')}
                value={filters.ownership}
                onChange={(v) => setFilters({ ownership: v })}
                data={[
                  { value: '', label: t('inventory.assigned.ownership.all') },
                  ...OWNERSHIPS.map((o) => ({ value: o, label: t(`inventory.assigned.ownership.${o}`) })),
                ]}
              />
            )}
          </>
        )}
      />
    </>
  );
}
