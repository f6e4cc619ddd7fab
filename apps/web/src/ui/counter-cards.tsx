import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { SalesCounters } from '@portal/contract/reports';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format.ts';
import { Money } from './money.tsx';

const money = (amount: string | null) => (amount === null ? '—' : <Money amount={amount} />);

/** The counters as cards above a report. */
export function CounterCards({ counters }: { counters: SalesCounters }) {
  const { t } = useTranslation();
  const { count } = useFormatters();
  const cards: [string, ReactNode][] = [
    [t('reports.figures.sales'), count(counters.sales)],
    [t('reports.figures.pins'), count(counters.pins)],
    [t('reports.figures.topups'), count(counters.topups)],
    [t('reports.figures.tickets'), count(counters.tickets)],
    [t('reports.figures.faceValue'), money(counters.face_value)],
    [t('reports.figures.sellingAmount'), money(counters.selling_amount)],
    [t('reports.figures.buyingAmount'), money(counters.buying_amount)],
    [t('reports.figures.margin'), money(counters.margin)],
  ];
  // Every money figure says whose it is (decision 0063): the caller's own party's revenue, cost and margin.
  const whose = t(`reports.figures.whose.${counters.party}`);
  return (
    <>
      <Text size="sm" c="dimmed" mb={4} data-testid="figures-whose">
        {whose}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }} mb="md" aria-label={`${t('reports.figures.counters')}: ${whose}`}>
        {cards.map(([label, value]) => (
          <Paper key={label} withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600} size="lg">
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}
