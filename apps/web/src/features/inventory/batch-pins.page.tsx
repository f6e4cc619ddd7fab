import { Alert, SegmentedControl } from '@mantine/core';
import { passesRule, RULES } from '@portal/contract/rules';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { ruleSubject, useSession } from '../../lib/session.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { ReportFileButtons } from '../../ui/report-file-buttons.tsx';
import { StockCountCards } from '../../ui/stock-counts.tsx';
import { inventoryKeys, type PinFilters, type PinRow, pinsQuery, useBatchSummary } from './inventory.queries.ts';
import { PinStateBadge } from './pin-state-badge.tsx';

const DEFAULT_FILTERS: PinFilters = { status: 'all' };
const STATES = ['all', 'available', 'sold', 'unpublished'] as const;
const ALLOWED = { status: STATES };
/** `/stock/details/{configId}/{batch}`: the PINs of one lot, masked to their last 4 characters. */
export function BatchPinsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const configurationId = Number(params.configId);
  const batch = params.batch ?? '';
  const summary = useBatchSummary(configurationId, batch);
  const { user } = useSession();
  const mayExport = passesRule(ruleSubject(user), RULES.reportsOperators);
  if (summary.isPending) return <PageLoader />;
  if (summary.isError)
    return <ErrorState message={describeError(t, summary.error)} onRetry={() => summary.refetch()} />;
  const columns: Column<PinRow>[] = [
    {
      key: 'pin',
      header: t('inventory.stock.pin'),
      render: (p) => <span style={{ fontFamily: 'monospace' }}>{p.pin}</span>,
    },
    { key: 'serial', header: t('inventory.stock.serial'), render: (p) => p.serial ?? '—' },
    {
      key: 'status',
      header: t('inventory.common.status'),
      render: (p) => <PinStateBadge state={p.status} />,
    },
    { key: 'imported', header: t('inventory.stock.importedAt'), render: (p) => <DateTime value={p.imported_at} /> },
    {
      key: 'sold',
      header: t('inventory.stock.soldAt'),
      render: (p) => (p.sold_at ? <DateTime value={p.sold_at} /> : '—'),
    },
  ];
  return (
    <>
      <PageHeader
        title={`${t('screen.stockBatch')}: ${summary.data.lot_number}`}
        description={
          <>
            {summary.data.product_name} · <Money amount={summary.data.value} />
          </>
        }
        actions={
          mayExport &&
          summary.data.sold > 0 && (
            <ReportFileButtons
              path="/get_sold_pins_by_batch/"
              body={{ configuration_id: configurationId, batch }}
              fileName="sold-pins"
              label={t('inventory.stock.soldPins')}
            />
          )
        }
      />
      <StockCountCards counts={summary.data} />
      <Alert variant="light" icon={<IconEyeOff size={18} />} mb="md">
        {t('inventory.stock.maskedHint')}
      </Alert>
      <DataTable
        queryKey={inventoryKeys.pins(configurationId, batch)}
        queryFn={pinsQuery(configurationId, batch)}
        columns={columns}
        rowKey={(p) => p.pin_id}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, setFilters) => (
          <SegmentedControl
            aria-label={t('inventory.common.status')}
            value={filters.status}
            onChange={(v) => setFilters({ status: v as PinFilters['status'] })}
            data={STATES.map((s) => ({ value: s, label: t(`inventory.stock.pinStatus.${s}`) }))}
          />
        )}
      />
    </>
  );
}
