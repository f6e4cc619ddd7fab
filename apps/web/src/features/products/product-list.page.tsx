import { Avatar, Badge, Button, Group, Text } from '@mantine/core';
import { PRODUCT_TYPES, type ProductView } from '@portal/contract/products';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { ActiveStatusFilter, ProductTypeFilter } from '../../ui/list-filters.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { AssignedBadge } from '../../ui/stock-counts.tsx';
import { findGiftCards, findProducts, type ProductListFilters, productKeys } from './products.queries.ts';

const DEFAULT_FILTERS: ProductListFilters = { search_text: '', product_type: '', is_active: '' };
const ALLOWED = { product_type: ['', ...PRODUCT_TYPES], is_active: ['', '0', '1'] };

/**
 * `/products/view` and `/admin/giftcards/`: the same list, the second one limited to gift cards. A
 * reseller's list also holds the platform's products assigned to it, marked and read-only.
 */
export function ProductListPage({ giftCards = false }: { giftCards?: boolean }) {
  const { t } = useTranslation();
  const detailsPath = (p: ProductView) =>
    giftCards ? `/admin/giftcard/${p.product_id}` : `/products/view/${p.product_id}`;
  const columns: Column<ProductView>[] = [
    {
      key: 'name',
      header: t('products.name'),
      render: (p) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={p.product_image} radius="sm" size="sm" alt="">
            {p.product_name.slice(0, 2)}
          </Avatar>
          <Text size="sm" fw={500} component={Link} to={detailsPath(p)}>
            {p.product_name}
          </Text>
          {p.assigned === 1 && <AssignedBadge />}
        </Group>
      ),
    },
    { key: 'type', header: t('products.type'), render: (p) => t(`products.types.${p.product_type}`) },
    { key: 'pin', header: t('products.pinLength'), align: 'right', render: (p) => p.pin_length },
    {
      key: 'configurations',
      header: t('products.configurationCount'),
      align: 'right',
      render: (p) => p.configuration_count,
    },
    {
      key: 'status',
      header: t('products.common.status'),
      render: (p) => (
        <Badge variant="light" color={p.is_active ? 'teal' : 'gray'}>
          {t(p.is_active ? 'products.common.active' : 'products.common.inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (p) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" component={Link} to={detailsPath(p)}>
            {t('products.common.details')}
          </Button>
          {giftCards && p.assigned === 0 && (
            <Button size="xs" variant="default" component={Link} to={`/admin/giftcard/edit/${p.product_id}`}>
              {t('products.common.edit')}
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t(giftCards ? 'screen.giftCards' : 'screen.products')}
        description={t(giftCards ? 'products.giftCard.listDescription' : 'products.listDescription')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            component={Link}
            to={giftCards ? '/admin/giftcards/add' : '/products/add'}
          >
            {t(giftCards ? 'screen.giftCardAdd' : 'screen.productAdd')}
          </Button>
        }
      />
      <DataTable
        queryKey={[...productKeys.lists(), giftCards ? 'gift_card' : 'all']}
        queryFn={giftCards ? findGiftCards : findProducts}
        columns={columns}
        rowKey={(p) => p.product_id}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, setFilters) => (
          <>
            <SearchBox
              label={t('products.common.search')}
              value={filters.search_text}
              onSearch={(text) => setFilters({ search_text: text })}
            />
            {!giftCards && (
              <ProductTypeFilter value={filters.product_type} onChange={(type) => setFilters({ product_type: type })} />
            )}
            {!giftCards && (
              <ActiveStatusFilter
                domain="products"
                value={filters.is_active}
                onChange={(status) => setFilters({ is_active: status })}
              />
            )}
          </>
        )}
      />
    </>
  );
}
