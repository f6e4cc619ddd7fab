import { Paper } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/errors.ts';
import { type Column, ColumnsTable } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

/**
 * What both `/dynamic-products/` screens show around their products (the platform's configuration and the reseller's
 * offers): the header, the table, and its loading, error and empty states.
 */
export function ProductsFrame<Row>(p: {
  query: UseQueryResult<Row[]>;
  description: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  rowTestId: string;
}) {
  const { t } = useTranslation();
  const { query } = p;
  return (
    <>
      <PageHeader title={t('screen.dynamicProducts')} description={p.description} />
      {query.isError && <ErrorState message={describeError(t, query.error)} onRetry={() => query.refetch()} />}
      {query.data?.length === 0 && <EmptyState title={t('selling.products.noServices')} />}
      {(query.isPending || (query.data && query.data.length > 0)) && (
        <Paper withBorder radius="md" p="md">
          <ColumnsTable
            rows={query.data ?? []}
            columns={p.columns}
            rowKey={p.rowKey}
            rowTestId={p.rowTestId}
            caption={t('screen.dynamicProducts')}
            busy={query.isPending}
          />
        </Paper>
      )}
    </>
  );
}
