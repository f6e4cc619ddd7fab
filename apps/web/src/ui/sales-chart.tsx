import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { DashboardDay } from '@portal/contract/dashboard';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format.ts';

/**
 * Sales and PINs per day as bars. Counts only: money stays a decimal string in the table beside it, so the
 * chart never draws an amount through a float. Loaded on its own so pages without a chart skip recharts.
 */
export default function SalesChart({ days, height }: { days: DashboardDay[]; height: number }) {
  const { t } = useTranslation();
  const { count, date } = useFormatters();
  return (
    <BarChart
      h={height}
      data={days.map((d) => ({ day: date(`${d.day}T12:00:00Z`), sales: d.sales, pins: d.pins }))}
      dataKey="day"
      series={[
        { name: 'sales', label: t('reports.figures.sales'), color: 'blue.6' },
        { name: 'pins', label: t('reports.figures.pins'), color: 'teal.5' },
      ]}
      valueFormatter={count}
      tickLine="y"
      withLegend={height > 160}
    />
  );
}
