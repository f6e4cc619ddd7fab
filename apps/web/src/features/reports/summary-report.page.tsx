import { Anchor, Button, Group, SegmentedControl, Title } from '@mantine/core';
import { LIMITS } from '@portal/contract/limits';
import type { SalesSummaryRow, SummaryGroup } from '@portal/contract/reports';
import { ROLE } from '@portal/contract/roles';
import { IconArrowLeft } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { summaryName } from '../../lib/summary-name.ts';
import { CounterCards } from '../../ui/counter-cards.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { addressBarParams, readTableState, writeTableState } from '../../ui/data-table-state.ts';
import { ExportButton } from '../../ui/export-button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ReportChart } from '../../ui/report-chart.tsx';
import { figureColumns, rowKeyOf, saleColumns, TotalsCells } from './report-blocks.tsx';
import { ReportToolbar } from './report-toolbar.tsx';
import {
  ALLOWED_REPORT_FILTERS,
  DEFAULT_REPORT_FILTERS,
  findSummary,
  findSummaryDetails,
  type ReportFilters,
  reportBody,
  reportExporter,
  reportsKeys,
  useCounters,
} from './reports.queries.ts';

type SummaryFilters = ReportFilters & { group: string; key: string };

/**
 * A summary screen: the sales grouped by one of `groups`, with the counters and a totals row. A figure
 * opens the next group narrowed to it (`drill`, e.g. a reseller's shops) or, at the last level, the sales
 * behind it. `/report-sales-summary` groups by shop or product; `/reseller-reports-sales` by reseller,
 * then shop.
 */
export function SummaryReportPage({
  groups: allGroups,
  drill = {},
  title,
  description,
}: {
  groups: readonly SummaryGroup[];
  drill?: Partial<Record<SummaryGroup, { group: SummaryGroup; filter: keyof ReportFilters }>>;
  title: 'screen.salesSummary' | 'screen.resellerSalesReport';
  description: 'reports.descriptions.summary' | 'reports.descriptions.resellers';
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // A reseller's own sales have one reseller: itself.
  const superadmin = useSession().user?.account_role === ROLE.superadmin;
  const groups = allGroups.filter((g) => superadmin || g !== 'reseller');
  const options = {
    pageSize: LIMITS.pageSize,
    defaults: { ...DEFAULT_REPORT_FILTERS, group: groups[0], key: '' } as SummaryFilters,
    allowed: { ...ALLOWED_REPORT_FILTERS, group: groups },
  };
  const state = readTableState(params, options);
  const { filters } = state;
  const group = filters.group as SummaryGroup;
  // The chart draws the rows the table shows: the same query, which the table's own call shares.
  const shown = useQuery({
    queryKey: [...reportsKeys.summary(group), { page: state.page, limit: state.limit, filters }],
    queryFn: ({ signal }) => findSummary(group, { ...state, abort: signal }),
    placeholderData: keepPreviousData,
    enabled: !filters.key,
  });
  const chartRows = shown.data?.items ?? [];
  const body = reportBody(filters);
  const counters = useCounters(body);
  const total = counters.data?.[0];
  const setFilters = (change: Partial<SummaryFilters>) =>
    setParams(() => writeTableState(addressBarParams(), options, { filters: change }));

  const open = (row: SalesSummaryRow) => {
    const next = drill[group];
    setFilters(next ? { group: next.group, [next.filter]: row.key, key: '' } : { key: row.key });
  };
  const columns: Column<SalesSummaryRow>[] = [
    {
      key: 'name',
      header: t(`reports.groups.${group}`),
      render: (r) => (
        <Anchor component="button" type="button" size="sm" onClick={() => open(r)}>
          {summaryName(t, group, r)}
        </Anchor>
      ),
    },
    { key: 'sales', header: t('reports.figures.sales'), align: 'right', render: (r) => r.sales },
    { key: 'pins', header: t('reports.figures.pins'), align: 'right', render: (r) => r.pins },
    ...figureColumns<SalesSummaryRow>(t),
  ];

  return (
    <>
      <PageHeader
        title={t(title)}
        description={t(description)}
        actions={<ExportButton body={body} exporter={reportExporter} />}
      />
      {total && <CounterCards counters={total} />}
      {!filters.key && chartRows.length > 0 && (
        <ReportChart
          title={t('reports.chart.byGroup', { group: t(`reports.groups.${group}`) })}
          label="name"
          labelHeader={t(`reports.groups.${group}`)}
          rows={chartRows.map((r) => ({ key: r.key, name: summaryName(t, group, r), selling: r.selling_amount }))}
          series={[{ name: 'selling', label: t('reports.figures.sellingAmount'), color: 'blue.6' }]}
          money
        />
      )}
      {filters.key ? (
        <FigureSales group={group} figure={filters.key} filters={filters} onBack={() => setFilters({ key: '' })} />
      ) : (
        <DataTable
          queryKey={[...reportsKeys.summary(group)]}
          queryFn={(request) => findSummary(group, request)}
          columns={columns}
          rowKey={(r) => r.key}
          defaultFilters={options.defaults}
          allowedFilters={options.allowed}
          toolbar={(f, change) => (
            <>
              {groups.length > 1 && (
                <SegmentedControl
                  aria-label={t('reports.filters.groupBy')}
                  value={f.group}
                  onChange={(v) => change({ group: v })}
                  data={groups.map((g) => ({ value: g, label: t(`reports.groups.${g}`) }))}
                />
              )}
              <ReportToolbar filters={f} onChange={change} />
            </>
          )}
          footer={() => <TotalsCells counters={total} before={1} withSales />}
        />
      )}
    </>
  );
}

/** The sales behind one figure of the summary, with the summary's filters. */
function FigureSales({
  group,
  figure,
  filters,
  onBack,
}: {
  group: SummaryGroup;
  figure: string;
  filters: SummaryFilters;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t('reports.drillDown', { group: t(`reports.groups.${group}`) })}
        </Title>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          {t('reports.backToSummary')}
        </Button>
      </Group>
      <DataTable
        queryKey={[...reportsKeys.details(group, figure), reportBody(filters)]}
        queryFn={(request) => findSummaryDetails(group, figure, { ...request, filters })}
        columns={saleColumns(t)}
        rowKey={rowKeyOf}
        defaultFilters={{}}
        urlPrefix="d_"
      />
    </>
  );
}
