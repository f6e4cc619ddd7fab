import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useFormatters } from '../lib/format.ts';

export interface BarSeries {
  /** The field of each row the bars are drawn from. */
  name: string;
  label: string;
  color: string;
}

/**
 * Bars of a report's figures (its own chunk: recharts is loaded only where a chart is shown). Counts are drawn as
 * they are; an amount is drawn from its decimal string turned into a number for the bar's length and its tooltip
 * only (two decimals survive that at any amount a report holds): the exact figures are the table beside the chart
 * (decision 0063 "Charts").
 */
export default function ReportBars({
  rows,
  label,
  series,
  money = false,
  height = 260,
}: {
  rows: Record<string, string | number>[];
  /** The field naming each group of bars (a shop, a product, a day). */
  label: string;
  series: BarSeries[];
  money?: boolean;
  height?: number;
}) {
  const f = useFormatters();
  const data = rows.map((r) => ({
    ...r,
    ...Object.fromEntries(series.map((s) => [s.name, Number(r[s.name])])),
  }));
  return (
    <BarChart
      h={height}
      data={data}
      dataKey={label}
      series={series}
      valueFormatter={money ? (n) => f.money(n.toFixed(2)) : f.count}
      tickLine="y"
      withLegend
      xAxisProps={{ interval: 'preserveStartEnd' }}
    />
  );
}
