import { Badge, Group, SegmentedControl, Text, UnstyledButton } from '@mantine/core';
import { LIMITS } from '@portal/contract/limits';
import { COMPARISON_SORTS, type ComparisonGroup, type SalesComparisonRow } from '@portal/contract/reports';
import { ROLE } from '@portal/contract/roles';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { summaryName } from '../../lib/summary-name.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { addressBarParams, readTableState, writeTableState } from '../../ui/data-table-state.ts';
import { DateRangeFilter } from '../../ui/list-filters.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ReportChart } from '../../ui/report-chart.tsx';
import { ReportToolbar } from './report-toolbar.tsx';
import {
  ALLOWED_REPORT_FILTERS,
  type ComparisonFilters,
  comparisonBody,
  DEFAULT_REPORT_FILTERS,
  findComparison,
  reportsKeys,
} from './reports.queries.ts';

/**
 * `/reports-sales-comparison`: the caller's own revenue of two periods side by side per product, shop or (for the
 * platform) reseller, with the change; the compared period defaults to the one just before. The server compares over
 * the whole scope, pages and orders (decision 0063 "Comparison"); a column header orders by its figure.
 */
export function ComparisonReportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const superadmin = useSession().user?.account_role === ROLE.superadmin;
  // A reseller's or shop's own sales have one reseller: itself.
  const groups: ComparisonGroup[] = superadmin ? ['product', 'shop', 'reseller'] : ['product', 'shop'];
  const options = {
    pageSize: LIMITS.pageSize,
    defaults: { ...DEFAULT_REPORT_FILTERS, group: 'product', cmp_from: '', cmp_to: '', sort: '-change' },
    allowed: { ...ALLOWED_REPORT_FILTERS, group: groups, sort: COMPARISON_SORTS },
  };
  const state = readTableState<ComparisonFilters>(params, options);
  const { filters } = state;
  const group = filters.group as ComparisonGroup;
  const body = comparisonBody(filters);
  const change = (c: Partial<ComparisonFilters>) =>
    setParams(() => writeTableState(addressBarParams(), options, { filters: c }));
  // The chart draws the rows the table shows: the same query, which the table's own call shares.
  const shown = useQuery({
    queryKey: [...reportsKeys.comparison(), { page: state.page, limit: state.limit, filters }],
    queryFn: ({ signal }) => findComparison({ ...state, abort: signal }),
    placeholderData: keepPreviousData,
  });
  const rows = shown.data?.items ?? [];

  return (
    <>
      <PageHeader title={t('screen.salesComparison')} description={t('reports.descriptions.comparison')} />
      {rows.length > 0 && (
        <ReportChart
          title={t('reports.chart.comparison')}
          label="name"
          labelHeader={t(`reports.groups.${group}`)}
          rows={rows.map((r) => ({
            key: r.key,
            name: summaryName(t, group, r),
            current: r.current.selling_amount,
            earlier: r.earlier.selling_amount,
          }))}
          series={[
            { name: 'current', label: t('reports.comparison.current'), color: 'blue.6' },
            { name: 'earlier', label: t('reports.comparison.earlier'), color: 'gray.5' },
          ]}
          money
        />
      )}
      <DataTable
        queryKey={[...reportsKeys.comparison()]}
        queryFn={findComparison}
        columns={comparisonColumns(t, group, filters.sort, (sort) => change({ sort }))}
        rowKey={(r) => r.key}
        defaultFilters={options.defaults}
        allowedFilters={options.allowed}
        rowTestId="comparison-row"
        toolbar={(f, set) => (
          <>
            <SegmentedControl
              aria-label={t('reports.filters.groupBy')}
              value={f.group}
              onChange={(v) => set({ group: v })}
              data={groups.map((g) => ({ value: g, label: t(`reports.groups.${g}`) }))}
            />
            <ReportToolbar filters={f} onChange={set} />
            <DateRangeFilter
              value={{ from: body?.compare_from ?? f.cmp_from, to: body?.compare_to ?? f.cmp_to }}
              onChange={({ from, to }) => set({ cmp_from: from, cmp_to: to })}
              labels={{ from: t('reports.comparison.from'), to: t('reports.comparison.to') }}
            />
          </>
        )}
      />
    </>
  );
}

type Sortable = 'change' | 'current' | 'earlier';

function comparisonColumns(
  t: TFunction,
  group: ComparisonGroup,
  sort: string,
  onSort: (sort: string) => void,
): Column<SalesComparisonRow>[] {
  const sorted = (by: Sortable) =>
    sort === by ? ('ascending' as const) : sort === `-${by}` ? ('descending' as const) : ('none' as const);
  /** A header that orders by its figure: descending first, then ascending. */
  const header = (by: Sortable, label: string): ReactNode => {
    const now = sorted(by);
    const Icon = now === 'descending' ? IconArrowDown : now === 'ascending' ? IconArrowUp : IconArrowsSort;
    return (
      <UnstyledButton
        onClick={() => onSort(now === 'descending' ? by : `-${by}`)}
        fz="sm"
        fw={700}
        aria-label={t('reports.comparison.sortBy', { column: label })}
      >
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    );
  };
  return [
    {
      key: 'name',
      header: t(`reports.groups.${group}`),
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          {summaryName(t, group, r)}
          {r.status === 'new' && (
            <Badge size="sm" variant="light" color="teal">
              {t('reports.comparison.new')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'current',
      header: header('current', t('reports.comparison.current')),
      sorted: sorted('current'),
      align: 'right',
      render: (r) => <Money amount={r.current.selling_amount} />,
    },
    {
      key: 'earlier',
      header: header('earlier', t('reports.comparison.earlier')),
      sorted: sorted('earlier'),
      align: 'right',
      render: (r) => <Money amount={r.earlier.selling_amount} />,
    },
    {
      key: 'change',
      header: header('change', t('reports.comparison.change')),
      sorted: sorted('change'),
      align: 'right',
      render: (r) => (
        <Text span inherit c={r.change.startsWith('-') ? 'red' : 'teal'}>
          <Money amount={r.change} />
        </Text>
      ),
    },
    {
      key: 'percent',
      header: t('reports.comparison.changePercent'),
      align: 'right',
      render: (r) => <ChangePercent row={r} />,
    },
  ];
}

/** A change in percent as the money beside it is written (German format in every language, decision 0063), signed. */
const CHANGE_PERCENT = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** The change in percent; a row new in the period says so (a percentage of nothing is none), one of zero before "—". */
function ChangePercent({ row }: { row: SalesComparisonRow }) {
  const { t } = useTranslation();
  if (row.status === 'new') return <>{t('reports.comparison.new')}</>;
  if (row.change_percent === null) return <>—</>;
  // Intl takes the decimal string exactly: no float on the way.
  return <>{`${CHANGE_PERCENT.format(row.change_percent as Intl.StringNumericLiteral)} %`}</>;
}
