import { Group, Paper, SegmentedControl, Table, Text, Title } from '@mantine/core';
import type { DashboardDay } from '@portal/contract/dashboard';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format.ts';
import { STORAGE_KEYS, storage } from '../lib/storage.ts';
import { Money } from './money.tsx';
import { PageLoader } from './page-loader.tsx';

const loadChart = () => import('./sales-chart.tsx');
const SalesChart = lazy(loadChart);
type View = 'chart' | 'table';

/**
 * The sales of the last 30 days as a table or a chart. The table comes first: the chart's chunk (recharts, about
 * 132 KiB compressed) would put the dashboards over the 350 KiB first-load budget, so it loads only once asked for
 * (pointing at the switch already starts it), and a browser that chose the chart keeps it until sign-out (decision 0065).
 */
export function SalesPerDay({ title, days, small = false }: { title: string; days: DashboardDay[]; small?: boolean }) {
  const { t } = useTranslation();
  const { count, date } = useFormatters();
  const [view, setView] = useState<View>(() =>
    storage.getItem(STORAGE_KEYS.salesPerDayView) === 'chart' ? 'chart' : 'table',
  );
  const choose = (value: string) => {
    const next: View = value === 'chart' ? 'chart' : 'table';
    storage.setItem(STORAGE_KEYS.salesPerDayView, next);
    setView(next);
  };
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id={headingId}>
          {title}
        </Title>
        <SegmentedControl
          size="xs"
          aria-label={t('dashboard.chartView')}
          value={view}
          onChange={choose}
          onPointerEnter={() => void loadChart()}
          onFocus={() => void loadChart()}
          data={[
            { value: 'table', label: t('dashboard.table') },
            { value: 'chart', label: t('dashboard.chart') },
          ]}
        />
      </Group>
      {view === 'chart' ? (
        <Suspense fallback={<PageLoader />}>
          <SalesChart days={days} height={small ? 140 : 260} />
        </Suspense>
      ) : (
        <Table.ScrollContainer minWidth={480} mah={small ? 240 : 360}>
          <Table striped stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.day')}</Table.Th>
                <Table.Th ta="right">{t('reports.figures.sales')}</Table.Th>
                <Table.Th ta="right">{t('reports.figures.pins')}</Table.Th>
                <Table.Th ta="right">{t('reports.figures.sellingAmount')}</Table.Th>
                <Table.Th ta="right">{t('reports.figures.margin')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.map((d) => (
                <Table.Tr key={d.day}>
                  <Table.Td>{date(`${d.day}T12:00:00Z`)}</Table.Td>
                  <Table.Td ta="right">{count(d.sales)}</Table.Td>
                  <Table.Td ta="right">{count(d.pins)}</Table.Td>
                  <Table.Td ta="right">
                    <Money amount={d.selling_amount} />
                  </Table.Td>
                  <Table.Td ta="right">{d.margin === null ? '—' : <Money amount={d.margin} />}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {days.every((d) => d.sales === 0) && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('errors.dataNotAvailable')}
        </Text>
      )}
    </Paper>
  );
}
