import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { StockCounts, VisibleStockCounts } from '@portal/contract/inventory';
import { useTranslation } from 'react-i18next';
import type { Column } from './data-table.tsx';
import { Money } from './money.tsx';

const COUNTS = ['total', 'sold', 'unsold', 'published', 'unpublished', 'available'] as const;

/** A figure the viewer may not see (the platform's totals of stock assigned to a reseller). */
export const countText = (n: number | null) => (n === null ? '—' : n);

type StockFigures = Pick<StockCounts | VisibleStockCounts, 'total' | 'sold' | 'unsold' | 'published' | 'unpublished'>;

/** The columns of a denomination's value and stock figures, the same in the stock list and the stock report. */
export function useStockCountColumns<Row extends StockFigures & { value: string }>(): Column<Row>[] {
  const { t } = useTranslation();
  const count = (key: keyof StockFigures): Column<Row> => ({
    key,
    header: t(`inventory.stock.${key}`),
    align: 'right',
    render: (r) => countText(r[key]),
  });
  return [
    { key: 'value', header: t('products.value'), align: 'right', render: (r) => <Money amount={r.value} /> },
    count('total'),
    count('sold'),
    count('unsold'),
    count('published'),
    count('unpublished'),
  ];
}

/**
 * The sold / unsold / published / unpublished figures every stock screen shows; of the platform's stock
 * assigned to a reseller only the available figure, the others are the platform's.
 */
export function StockCountCards({ counts }: { counts: StockCounts | VisibleStockCounts }) {
  const { t } = useTranslation();
  const shown = COUNTS.filter((k) => counts[k] !== null);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} mb="lg">
      {shown.map((k) => (
        <Paper key={k} withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t(`inventory.stock.${k}`)}
          </Text>
          <Text fz="xl" fw={600} data-testid={`count-${k}`}>
            {counts[k]}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The same figures in one table cell. */
export function StockCountBadges({ counts }: { counts: StockCounts | VisibleStockCounts }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color="teal" title={t('inventory.stock.available')}>
        {counts.available}
      </Badge>
      {counts.unpublished !== null && (
        <Badge variant="light" color="gray" title={t('inventory.stock.unpublished')}>
          {counts.unpublished}
        </Badge>
      )}
      {counts.sold !== null && (
        <Badge variant="light" color="blue" title={t('inventory.stock.sold')}>
          {counts.sold}
        </Badge>
      )}
    </Group>
  );
}

/** Marks the platform's products and stock a reseller sells but cannot change. */
export function AssignedBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color="grape" size="sm">
      {t('products.assigned.badge')}
    </Badge>
  );
}
