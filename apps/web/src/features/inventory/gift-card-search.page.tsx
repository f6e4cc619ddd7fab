import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { StockCountBadges } from '../../ui/stock-counts.tsx';
import {
  type BatchSearchFilters,
  type GiftCardBatch,
  giftCardKeys,
  searchGiftCardBatches,
} from './gift-cards.queries.ts';

const DEFAULT_FILTERS: BatchSearchFilters = { batch_no: '' };

/** `/admin/giftcards/search`: gift card batches by number. */
export function GiftCardSearchPage() {
  const { t } = useTranslation();
  const columns: Column<GiftCardBatch>[] = [
    {
      key: 'batch',
      header: t('inventory.giftCard.batchNo'),
      render: (b) => (
        <Text
          size="sm"
          fw={500}
          component={Link}
          to={`/stock/details/${b.configuration_id}/${encodeURIComponent(b.batch)}`}
        >
          {b.batch_no}
        </Text>
      ),
    },
    {
      key: 'card',
      header: t('inventory.common.product'),
      render: (b) => (
        <Text size="sm" component={Link} to={`/admin/giftcard/${b.product_id}`}>
          {b.product_name}
        </Text>
      ),
    },
    { key: 'value', header: t('products.value'), align: 'right', render: (b) => <Money amount={b.value} /> },
    { key: 'imported', header: t('inventory.stock.importedAt'), render: (b) => <DateTime value={b.imported_at} /> },
    { key: 'counts', header: t('inventory.stock.available'), render: (b) => <StockCountBadges counts={b} /> },
  ];
  return (
    <>
      <PageHeader title={t('screen.giftCardSearch')} description={t('inventory.giftCard.searchDescription')} />
      <DataTable
        queryKey={giftCardKeys.batches()}
        queryFn={searchGiftCardBatches}
        columns={columns}
        rowKey={(b) => `${b.configuration_id}:${b.batch}`}
        defaultFilters={DEFAULT_FILTERS}
        toolbar={(filters, setFilters) => (
          <SearchBox
            label={t('inventory.giftCard.batchNo')}
            value={filters.batch_no}
            onSearch={(text) => setFilters({ batch_no: text })}
          />
        )}
      />
    </>
  );
}
