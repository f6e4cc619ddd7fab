import { Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { changeOf } from '@portal/contract/report-periods';
import type { SalesSummaryRow, SummaryGroup } from '@portal/contract/reports';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ColumnsTable } from '../../ui/data-table.tsx';
import { addressBarParams, readTableState, writeTableState } from '../../ui/data-table-state.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { DateRangeFilter } from '../../ui/list-filters.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { summaryName } from './report-blocks.tsx';
import { ReportToolbar } from './report-toolbar.tsx';
import {
  ALLOWED_REPORT_FILTERS,
  DEFAULT_REPORT_FILTERS,
  type ReportFilters,
  reportBody,
  useSummary,
} from './reports.queries.ts';

const GROUPS = ['product', 'shop'] as const satisfies readonly SummaryGroup[];
type ComparisonFilters = ReportFilters & { group: string; cmp_from: string; cmp_to: string };

/** The period before a range, of the same length in days. */
function previousRange(from: string, to: string) {
  const day = 86_400_000;
  const start = Date.parse(`${from}T12:00:00Z`);
  const length = Math.round((Date.parse(`${to}T12:00:00Z`) - start) / day) + 1;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(start - length * day), to: iso(start - day) };
}

/**
 * `/reports-sales-comparison`: the selling amount of two periods side by side per product or shop, with the
 * absolute and percentage change; the second period defaults to the one just before the first.
 */
export function ComparisonReportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const options = {
    pageSize: 100,
    defaults: { ...DEFAULT_REPORT_FILTERS, group: 'product', cmp_from: '', cmp_to: '' } as ComparisonFilters,
    allowed: { ...ALLOWED_REPORT_FILTERS, group: GROUPS },
  };
  const { filters } = readTableState(params, options);
  const change = (c: Partial<ComparisonFilters>) =>
    setParams(() => writeTableState(addressBarParams(), options, { filters: c }));
  const group = filters.group as SummaryGroup;
  const current = reportBody(filters);
  const before = previousRange(current.from_date ?? '', current.to_date ?? '');
  const earlier = { ...current, from_date: filters.cmp_from || before.from, to_date: filters.cmp_to || before.to };
  const a = useSummary(group, current, Boolean(current.from_date));
  const b = useSummary(group, earlier, Boolean(current.from_date));

  return (
    <>
      <PageHeader title={t('screen.salesComparison')} description={t('reports.descriptions.comparison')} />
      <Paper withBorder radius="md" p="md">
        <Group mb="md" gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={t('reports.filters.groupBy')}
            value={group}
            onChange={(v) => change({ group: v })}
            data={GROUPS.map((g) => ({ value: g, label: t(`reports.groups.${g}`) }))}
          />
          <ReportToolbar filters={filters} onChange={change} />
          <DateRangeFilter
            value={{ from: earlier.from_date, to: earlier.to_date }}
            onChange={({ from, to }) => change({ cmp_from: from, cmp_to: to })}
            labels={{ from: t('reports.comparison.from'), to: t('reports.comparison.to') }}
          />
        </Group>
        {a.isError || b.isError ? (
          <ErrorState onRetry={() => Promise.all([a.refetch(), b.refetch()])} />
        ) : !a.data || !b.data ? (
          <PageLoader />
        ) : (
          <ComparisonTable group={group} current={a.data} earlier={b.data} />
        )}
      </Paper>
    </>
  );
}

function ComparisonTable({
  group,
  current,
  earlier,
}: {
  group: SummaryGroup;
  current: SalesSummaryRow[];
  earlier: SalesSummaryRow[];
}) {
  const { t, i18n } = useTranslation();
  const keys = [...new Set([...current.map((r) => r.key), ...earlier.map((r) => r.key)])];
  if (keys.length === 0) return <EmptyState />;
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, signDisplay: 'always' });
  const rows = keys.map((key) => {
    const now = current.find((r) => r.key === key);
    const then = earlier.find((r) => r.key === key);
    const amount = now?.selling_amount ?? '0.00';
    const previous = then?.selling_amount ?? '0.00';
    const name = summaryName(t, group, { key, name: now?.name ?? then?.name ?? key });
    return { key, name, amount, previous, ...changeOf(previous, amount) };
  });
  return (
    <ColumnsTable
      rows={rows}
      rowKey={(r) => r.key}
      minWidth={640}
      columns={[
        { key: 'name', header: t(`reports.groups.${group}`), render: (r) => r.name },
        {
          key: 'current',
          header: t('reports.comparison.current'),
          align: 'right',
          render: (r) => <Money amount={r.amount} />,
        },
        {
          key: 'earlier',
          header: t('reports.comparison.earlier'),
          align: 'right',
          render: (r) => <Money amount={r.previous} />,
        },
        {
          key: 'change',
          header: t('reports.comparison.change'),
          align: 'right',
          render: (r) => (
            <Text span inherit c={r.absolute.startsWith('-') ? 'red' : 'teal'}>
              <Money amount={r.absolute} />
            </Text>
          ),
        },
        {
          key: 'percent',
          header: t('reports.comparison.changePercent'),
          align: 'right',
          render: (r) => (r.percent === null ? '—' : `${percent.format(Number(r.percent))} %`),
        },
      ]}
    />
  );
}
