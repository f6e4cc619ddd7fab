import { Group, Paper, Switch, Table, Title } from '@mantine/core';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format.ts';
import { STORAGE_KEYS, storage } from '../lib/storage.ts';
import { ErrorState } from './error-state.tsx';
import { Money } from './money.tsx';
import { PageLoader } from './page-loader.tsx';
import type { BarSeries } from './report-bars.tsx';
import classes from './report-chart.module.css';

const loadBars = () => import('./report-bars.tsx');
const ReportBars = lazy(loadBars);

/**
 * A report's chart, shown when the user switches it on: its code (recharts, about 132 KiB compressed) is a chunk of its
 * own, loaded only then (pointing at or focusing the switch starts the download), so the report's first load stays
 * within the JavaScript budget; the choice is kept until sign-out, like the dashboard's (decision 0065). Beside the
 * chart the same figures are a table: visually hidden on screen, read by screen readers, and printed instead of the
 * chart.
 */
/** A chart's row: `key` tells it apart (two shops may share a name), the other fields are its label and figures. */
type ChartRow = { key: string } & Record<string, string | number>;

export function ReportChart({
  title,
  rows: given,
  load,
  label,
  labelHeader,
  series,
  money = false,
}: {
  title: string;
  /** One row per group of bars, `label` naming it; the series' fields are counts or decimal strings (`money`). */
  rows?: ChartRow[];
  /** Rows the screen does not have yet, asked for only once the chart is switched on. */
  load?: { queryKey: QueryKey; queryFn: (signal: AbortSignal) => Promise<ChartRow[]> };
  label: string;
  labelHeader: string;
  series: BarSeries[];
  money?: boolean;
}) {
  const { t } = useTranslation();
  const { count } = useFormatters();
  const [shown, setShown] = useState(() => storage.getItem(STORAGE_KEYS.reportCharts) === 'shown');
  const toggle = (next: boolean) => {
    storage.setItem(STORAGE_KEYS.reportCharts, next ? 'shown' : 'hidden');
    setShown(next);
  };
  const headingId = useId();
  const loaded = useQuery({
    queryKey: load?.queryKey ?? ['report-chart'],
    queryFn: ({ signal }) => load?.queryFn(signal) ?? [],
    enabled: shown && load !== undefined,
  });
  const rows = given ?? loaded.data ?? [];
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between">
        <Title order={2} fz="h5" id={headingId}>
          {title}
        </Title>
        <Switch
          label={t('reports.chart.show')}
          checked={shown}
          onChange={(e) => toggle(e.currentTarget.checked)}
          onPointerEnter={() => void loadBars()}
          onFocus={() => void loadBars()}
        />
      </Group>
      {shown && loaded.isError && <ErrorState onRetry={() => loaded.refetch()} />}
      {shown && load && loaded.isPending && <PageLoader />}
      {shown && (given || loaded.data) && (
        <>
          <div className={classes.chart} aria-hidden="true" data-testid="report-chart">
            <Suspense fallback={<PageLoader />}>
              <ReportBars rows={rows} label={label} series={series} money={money} />
            </Suspense>
          </div>
          <div className={classes.figures} data-testid="report-chart-table">
            <Table>
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{labelHeader}</Table.Th>
                  {series.map((s) => (
                    <Table.Th key={s.name}>{s.label}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.key}>
                    <Table.Td>{r[label]}</Table.Td>
                    {series.map((s) => (
                      <Table.Td key={s.name}>
                        {money ? <Money amount={String(r[s.name])} /> : count(Number(r[s.name]))}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        </>
      )}
    </Paper>
  );
}
