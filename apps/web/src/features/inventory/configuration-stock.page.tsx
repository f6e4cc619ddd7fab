import { Alert, Button, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { AssignedBadge, StockCountCards } from '../../ui/stock-counts.tsx';
import {
  inventoryKeys,
  type LotRow,
  lotsQuery,
  useConfigurationStock,
  useSetBatchPublished,
} from './inventory.queries.ts';

const NO_FILTERS = {};

/**
 * `/inventory/details/{configId}` and `/stock/details/{configId}`: one denomination's figures and its
 * lots (batches) with lot number and counts; each lot can be published or unpublished. A denomination
 * the platform assigned to the reseller shows how many PINs are for sale, read-only.
 */
export function ConfigurationStockPage({ title }: { title: 'screen.inventoryDetails' | 'screen.stockDetails' }) {
  const { t } = useTranslation();
  const configurationId = Number(useParams().configId);
  const summary = useConfigurationStock(configurationId);
  const publish = useSetBatchPublished();
  if (summary.isPending) return <PageLoader />;
  if (summary.isError)
    return <ErrorState message={describeError(t, summary.error)} onRetry={() => summary.refetch()} />;
  const c = summary.data;

  const setPublished = (lot: LotRow, on: boolean) =>
    publish.mutate(
      { configuration_id: configurationId, batch: lot.batch, publish: on ? 1 : 0 },
      {
        onSuccess: (r) =>
          notify({
            color: 'teal',
            message: t(on ? 'inventory.stock.publishedBatch' : 'inventory.stock.unpublishedBatch', {
              count: r.changed_pins,
            }),
          }),
      },
    );
  const busy = (lot: LotRow) => publish.isPending && publish.variables?.batch === lot.batch;

  const columns: Column<LotRow>[] = [
    {
      key: 'lot',
      header: t('inventory.stock.lotNumber'),
      render: (l) => (
        <Text
          size="sm"
          fw={500}
          component={Link}
          to={`/stock/details/${configurationId}/${encodeURIComponent(l.batch)}`}
        >
          {l.lot_number}
        </Text>
      ),
    },
    { key: 'imported', header: t('inventory.stock.importedAt'), render: (l) => <DateTime value={l.imported_at} /> },
    { key: 'supplier', header: t('inventory.common.supplier'), render: (l) => l.supplier_name ?? '—' },
    { key: 'cost', header: t('inventory.stock.cost'), align: 'right', render: (l) => <Money amount={l.cost} /> },
    { key: 'total', header: t('inventory.stock.total'), align: 'right', render: (l) => l.total },
    { key: 'sold', header: t('inventory.stock.sold'), align: 'right', render: (l) => l.sold },
    { key: 'unsold', header: t('inventory.stock.unsold'), align: 'right', render: (l) => l.unsold },
    { key: 'published', header: t('inventory.stock.published'), align: 'right', render: (l) => l.published },
    { key: 'unpublished', header: t('inventory.stock.unpublished'), align: 'right', render: (l) => l.unpublished },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (l) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {l.unpublished > 0 && (
            <Button size="xs" color="teal" loading={busy(l)} onClick={() => setPublished(l, true)}>
              {t('inventory.stock.publish')}
            </Button>
          )}
          {l.published > 0 && (
            <Button size="xs" variant="light" color="red" loading={busy(l)} onClick={() => setPublished(l, false)}>
              {t('inventory.stock.unpublish')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  const header = (
    <PageHeader
      title={`${t(title)}: ${c.product_name}`}
      description={
        <>
          <Money amount={c.value} /> · {t(`products.types.${c.product_type}`)} · {t('products.pinLength')}{' '}
          {c.pin_length}
        </>
      }
      actions={
        c.assigned === 1 ? (
          <AssignedBadge />
        ) : (
          <Button component={Link} to="/inventory/add">
            {t('screen.inventoryAdd')}
          </Button>
        )
      }
    />
  );
  if (c.assigned === 1) {
    return (
      <>
        {header}
        <Alert color="grape" mb="lg">
          {t('inventory.assigned.stockOnly')}
        </Alert>
        <StockCountCards counts={c} />
      </>
    );
  }
  return (
    <>
      {header}
      <StockCountCards counts={c} />
      <Title order={2} fz="h4" mb="sm">
        {t('inventory.stock.lotsTitle')}
      </Title>
      <DataTable
        queryKey={inventoryKeys.lots(configurationId)}
        queryFn={lotsQuery(configurationId)}
        columns={columns}
        rowKey={(l) => l.batch}
        defaultFilters={NO_FILTERS}
      />
    </>
  );
}
