import { Group, Paper, SegmentedControl, Table, Text, Title } from '@mantine/core';
import type { DashboardDay } from '@portal/contract/dashboard';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format.ts';
import { Money } from './money.tsx';
import { PageLoader } from './page-loader.tsx';

const SalesChart = lazy(() => import('./sales-chart.tsx'));

/** The sales of the last 30 days as a chart, with the same figures one click away as a table. */
export function SalesPerDay({ title, days, small = false }: { title: string; days: DashboardDay[]; small?: boolean }) {
  const { t } = useTranslation();
  const { count, date } = useFormatters();
  const [view, setView] = useState<'chart' | 'table'>('chart');
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
          onChange={(v) => setView(v === 'table' ? 'table' : 'chart')}
          data={[
            { value: 'chart', label: t('dashboard.chart') },
            { value: 'table', label: t('dashboard.table') },
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
