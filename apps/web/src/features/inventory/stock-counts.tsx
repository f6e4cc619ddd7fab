import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { StockCounts } from '@portal/contract/inventory';
import { useTranslation } from 'react-i18next';

const COUNTS = ['total', 'sold', 'unsold', 'published', 'unpublished', 'available'] as const;

/** The sold / unsold / published / unpublished figures every stock screen shows. */
export function StockCountCards({ counts }: { counts: StockCounts }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} mb="lg">
      {COUNTS.map((k) => (
        <Paper key={k} withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t(`catalogue.stock.${k}`)}
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
export function StockCountBadges({ counts }: { counts: StockCounts }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color="teal" title={t('catalogue.stock.available')}>
        {counts.available}
      </Badge>
      <Badge variant="light" color="gray" title={t('catalogue.stock.unpublished')}>
        {counts.unpublished}
      </Badge>
      <Badge variant="light" color="blue" title={t('catalogue.stock.sold')}>
        {counts.sold}
      </Badge>
    </Group>
  );
}
