import { Badge, Text } from '@mantine/core';
import { PRODUCT_TYPES } from '@portal/contract/assignments';
import { formatPercent } from '@portal/contract/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerSource } from '../../lib/customer-lookup.ts';
import { CustomerPicker } from '../../ui/customer-picker.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { ProductTypeFilter } from '../../ui/list-filters.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ProductCell } from '../../ui/product-cell.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import {
  assignmentKeys,
  findProductDiscounts,
  type ProductDiscountFilters,
  type ProductDiscountRow,
} from './assignments.queries.ts';

const DEFAULT_FILTERS: ProductDiscountFilters = { customer_id: '', product_type: '', search_text: '' };

/** `/report/product-discounts-list`: every customer's effective discount on each configuration assigned to it. */
export function ProductDiscountsPage() {
  const { t } = useTranslation();
  const columns: Column<ProductDiscountRow>[] = [
    {
      key: 'customer',
      header: t('customers.customer'),
      render: (r) => <Link to={`/customer/details/${r.customer_id}`}>{r.customer_name}</Link>,
    },
    {
      key: 'product',
      header: t('assignments.product'),
      render: (r) => <ProductCell name={r.product_name} detail={t(`products.types.${r.product_type}`)} />,
    },
    { key: 'value', header: t('assignments.faceValue'), align: 'right', render: (r) => <Money amount={r.value} /> },
    {
      key: 'slab',
      header: t('assignments.slab'),
      render: (r) => (
        <div>
          <Text size="sm">{r.discount_plan ?? t('assignments.noSlab')}</Text>
          {r.from_default_slab === 1 && (
            <Text size="xs" c="dimmed">
              {t('assignments.defaultSlab')}
            </Text>
          )}
        </div>
      ),
    },
    { key: 'discount', header: t('assignments.discount'), align: 'right', render: (r) => formatPercent(r.discount) },
    { key: 'price', header: t('assignments.price'), align: 'right', render: (r) => <Money amount={r.price} /> },
    {
      key: 'state',
      header: t('customers.status'),
      render: (r) => (
        <Badge variant="light" color={r.is_active ? 'teal' : 'orange'}>
          {t(r.is_active ? 'assignments.assigned' : 'assignments.disabled')}
        </Badge>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('screen.productDiscounts')} description={t('assignments.reportDescription')} />
      <DataTable
        queryKey={assignmentKeys.productDiscounts()}
        queryFn={findProductDiscounts}
        columns={columns}
        rowKey={(r) => `${r.customer_id}-${r.configuration_id}`}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={{ product_type: ['', ...PRODUCT_TYPES] }}
        toolbar={(filters, setFilters) => (
          <>
            <CustomerPicker
              source={customerSource}
              inline
              clearable
              value={filters.customer_id ? Number(filters.customer_id) : null}
              onChange={(id) => setFilters({ customer_id: id ? String(id) : '' })}
              w={280}
            />
            <ProductTypeFilter value={filters.product_type} onChange={(type) => setFilters({ product_type: type })} />
            <SearchBox value={filters.search_text} onSearch={(search_text) => setFilters({ search_text })} />
          </>
        )}
      />
    </>
  );
}
