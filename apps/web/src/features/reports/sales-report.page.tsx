import { LIMITS } from '@portal/contract/limits';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormatters } from '../../lib/format.ts';
import { CounterCards } from '../../ui/counter-cards.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { readTableState } from '../../ui/data-table-state.ts';
import { ExportButton } from '../../ui/export-button.tsx';
import { EntryViewHosts, type EntryViews } from '../../ui/ledger-table.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ReportChart } from '../../ui/report-chart.tsx';
import { rowKeyOf, saleColumns, TotalsCells } from './report-blocks.tsx';
import { ReportToolbar } from './report-toolbar.tsx';
import {
  ALLOWED_REPORT_FILTERS,
  DEFAULT_REPORT_FILTERS,
  findDays,
  findSales,
  reportBody,
  reportExporter,
  reportsKeys,
  useCounters,
} from './reports.queries.ts';

/**
 * `/reports-sales` (one sale per row with the counters) and `/reports-sales-new` (the same sales, each with
 * its PINs' lots and serials, PINs masked): the filters in the URL, 20 per page, a totals row, CSV export.
 */
export function SalesReportPage({ withPins = false, entryViews }: { withPins?: boolean; entryViews?: EntryViews }) {
  const { t, i18n } = useTranslation();
  const { date } = useFormatters();
  const [params] = useSearchParams();
  const { filters } = readTableState(params, {
    pageSize: LIMITS.pageSize,
    defaults: DEFAULT_REPORT_FILTERS,
    allowed: ALLOWED_REPORT_FILTERS,
  });
  const body = reportBody(filters);
  const counters = useCounters(body);
  const total = counters.data?.[0];
  const columns = saleColumns(t, { details: withPins });
  return (
    <>
      <PageHeader
        title={t(withPins ? 'screen.salesReportBySale' : 'screen.salesReport')}
        description={t(withPins ? 'reports.descriptions.bySale' : 'reports.descriptions.sales')}
        actions={<ExportButton body={body} exporter={reportExporter} />}
      />
      {total && <CounterCards counters={total} />}
      <ReportChart
        title={t('reports.chart.overTime')}
        label="day"
        labelHeader={t('reports.groups.day')}
        load={{
          queryKey: [...reportsKeys.all, 'days', body, i18n.language],
          queryFn: async (signal) =>
            (await findDays(body, signal)).map((d) => ({
              key: d.key,
              day: date(`${d.key}T12:00:00Z`),
              sales: d.sales,
              pins: d.pins,
            })),
        }}
        series={[
          { name: 'sales', label: t('reports.figures.sales'), color: 'blue.6' },
          { name: 'pins', label: t('reports.figures.pins'), color: 'teal.5' },
        ]}
      />
      <DataTable
        queryKey={reportsKeys.sales()}
        queryFn={findSales}
        columns={columns}
        rowKey={rowKeyOf}
        defaultFilters={DEFAULT_REPORT_FILTERS}
        allowedFilters={ALLOWED_REPORT_FILTERS}
        toolbar={(f, setFilters) => <ReportToolbar filters={f} onChange={setFilters} />}
        footer={() => <TotalsCells counters={total} before={4} after={withPins ? 1 : 0} />}
      />
      <EntryViewHosts views={entryViews} />
    </>
  );
}
