import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../ui/empty-state.tsx';
import { CatalogueImage } from './catalogue-parts.tsx';
import type { HardwareCategory } from './hardware.queries.ts';

/** The category cards both sides see; the reseller's link to its product list, the shop's to ordering. */
export function CategoryCards({
  categories,
  linkTo,
  actions,
}: {
  categories: HardwareCategory[];
  linkTo: (c: HardwareCategory) => string;
  actions?: (c: HardwareCategory) => ReactNode;
}) {
  const { t } = useTranslation();
  if (categories.length === 0) return <EmptyState title={t('hardware.noCategories')} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      {categories.map((c) => (
        <Card key={c.category_id} withBorder radius="md" padding="md">
          <Card.Section>
            <CatalogueImage src={c.image} />
          </Card.Section>
          <Stack gap={4} mt="sm">
            <Text fw={600} component={Link} to={linkTo(c)}>
              {c.category_name}
            </Text>
            {c.description && (
              <Text size="sm" c="dimmed">
                {c.description}
              </Text>
            )}
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {t('hardware.productCount', { count: c.product_count })}
              </Text>
              {actions?.(c)}
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
