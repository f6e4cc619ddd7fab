import { Badge, SegmentedControl, Text } from '@mantine/core';
import { formatPercent } from '@portal/contract/format';
import { HISTORY_STATUSES } from '@portal/contract/stock-reports';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { importOutcome, refusedRows } from '../../lib/import-outcome.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { DateRangeFilter } from '../../ui/list-filters.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ReportFileButtons } from '../../ui/report-file-buttons.tsx';
import { ProductSupplierFilters } from './report-filters.tsx';
import { findHistory, type HistoryFilters, type HistoryRow, historyBody, reportKeys } from './stock-reports.queries.ts';

const DEFAULT_FILTERS: HistoryFilters = { from: '', to: '', product_id: '', supplier_id: '', status: 'approved' };
const ALLOWED = { status: HISTORY_STATUSES };

/** `/reports-inventory`: the import history by day, product and supplier, paged and exported as CSV. */
export function InventoryReportPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const current: HistoryFilters = {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    product_id: params.get('product_id') ?? '',
    supplier_id: params.get('supplier_id') ?? '',
    status: params.get('status') ?? 'approved',
  };
  const columns: Column<HistoryRow>[] = [
    {
      key: 'decided',
      header: t('stockReports.decidedAt'),
      render: (r) => (r.decided_at ? <DateTime value={r.decided_at} /> : '—'),
    },
    {
      key: 'product',
      header: t('stockReports.common.product'),
      render: (r) =>
        r.product_name ? (
          <>
            {r.product_name} · {r.value && <Money amount={r.value} />}
          </>
        ) : (
          '—'
        ),
    },
    { key: 'batch', header: t('inventory.stock.lotNumber'), render: (r) => r.batch ?? '—' },
    { key: 'supplier', header: t('stockReports.common.supplier'), render: (r) => r.supplier_name ?? '—' },
    {
      key: 'discount',
      header: t('inventory.stock.buyingDiscount'),
      align: 'right',
      render: (r) => (r.buying_discount === null ? '—' : formatPercent(r.buying_discount)),
    },
    { key: 'pins', header: t('stockReports.importedPins'), align: 'right', render: (r) => r.imported_pins ?? 0 },
    { key: 'failed', header: t('stockReports.failedRows'), align: 'right', render: (r) => refusedRows(r) ?? '—' },
    { key: 'file', header: t('inventory.import.fileName'), render: (r) => r.file_name },
    { key: 'by', header: t('stockReports.decidedBy'), render: (r) => r.decided_by ?? '—' },
    {
      key: 'status',
      header: t('stockReports.common.status'),
      // A cancelled import says so in the words of the stepper and the import list.
      render: (r) => (
        <>
          <Badge variant="light" color={r.status === 'approved' ? 'teal' : 'gray'}>
            {t(`inventory.import.statuses.${r.status}`)}
          </Badge>
          {r.status === 'cancelled' && (
            <Text size="xs" c="dimmed" maw={260}>
              {importOutcome(t, r)}
            </Text>
          )}
        </>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('screen.inventoryReport')}
        description={t('stockReports.historyDescription')}
        actions={
          <ReportFileButtons
            path="/get_inventory_history_report/"
            body={historyBody(current)}
            fileName="inventory-report"
          />
        }
      />
      <DataTable
        queryKey={reportKeys.history()}
        queryFn={findHistory}
        columns={columns}
        rowKey={(r) => r.import_id}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, setFilters) => (
          <>
            <DateRangeFilter
              value={filters}
              onChange={({ from, to }) => setFilters({ from, to })}
              labels={{ from: t('stockReports.common.from'), to: t('stockReports.common.to') }}
            />
            <ProductSupplierFilters
              ownOnly
              productId={filters.product_id}
              supplierId={filters.supplier_id}
              onChange={setFilters}
            />
            <SegmentedControl
              aria-label={t('stockReports.common.status')}
              value={filters.status}
              onChange={(v) => setFilters({ status: v })}
              data={HISTORY_STATUSES.map((s) => ({ value: s, label: t(`stockReports.historyStatus.${s}`) }))}
            />
          </>
        )}
      />
    </>
  );
}
