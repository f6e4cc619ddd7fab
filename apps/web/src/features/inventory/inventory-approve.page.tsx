import { Badge, Button, SegmentedControl } from '@mantine/core';
import type { ImportView } from '@portal/contract/inventory-import';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { importOutcome } from '../../lib/import-outcome.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { findImports, type ImportListFilters, inventoryKeys } from './inventory.queries.ts';

const DEFAULT_FILTERS: ImportListFilters = { status: 'pending' };
const ALLOWED = { status: ['pending', 'all'] as const };
const STATUS_COLOURS: Record<ImportView['status'], string> = {
  uploaded: 'gray',
  validating: 'yellow',
  validated: 'blue',
  approved: 'teal',
  cancelled: 'gray',
};

/** `/inventory/approve`: imports waiting for their mapping or approval; each opens in the stepper. */
export function InventoryApprovePage() {
  const { t } = useTranslation();
  const columns: Column<ImportView>[] = [
    { key: 'file', header: t('inventory.import.fileName'), render: (i) => i.file_name },
    { key: 'uploaded', header: t('inventory.import.uploadedAt'), render: (i) => <DateTime value={i.created_at} /> },
    {
      key: 'product',
      header: t('inventory.common.product'),
      render: (i) =>
        i.product_name ? (
          <>
            {i.product_name} · {i.value && <Money amount={i.value} />}
          </>
        ) : (
          '—'
        ),
    },
    { key: 'supplier', header: t('inventory.common.supplier'), render: (i) => i.supplier_name ?? '—' },
    {
      key: 'rows',
      header: t('inventory.import.stepReview'),
      render: (i) => (i.total_rows === null ? '—' : importOutcome(t, i)),
    },
    {
      key: 'status',
      header: t('inventory.common.status'),
      render: (i) => (
        <Badge variant="light" color={STATUS_COLOURS[i.status]}>
          {t(`inventory.import.statuses.${i.status}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (i) => (
        <Button size="xs" variant="light" component={Link} to={`/inventory/add?import=${i.import_id}`}>
          {t('inventory.import.open')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('screen.inventoryApprove')}
        description={t('inventory.import.pendingDescription')}
        actions={
          <Button component={Link} to="/inventory/add">
            {t('screen.inventoryAdd')}
          </Button>
        }
      />
      <DataTable
        queryKey={inventoryKeys.imports()}
        queryFn={findImports}
        columns={columns}
        rowKey={(i) => i.import_id}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, setFilters) => (
          <SegmentedControl
            aria-label={t('inventory.common.status')}
            value={filters.status}
            onChange={(v) => setFilters({ status: v as ImportListFilters['status'] })}
            data={[
              { value: 'pending', label: t('inventory.import.pendingFilter') },
              { value: 'all', label: t('inventory.common.allStatuses') },
            ]}
          />
        )}
      />
    </>
  );
}
