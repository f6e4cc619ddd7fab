import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DynamicProduct } from '@portal/contract/dynamic-products';
import { IconCloudDownload, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../ui/money.tsx';

/**
 * The soft pins of a type beside the stock PINs (decision 0104): each marked as delivered by the provider, bought
 * one at a time through the soft-pin dialog.
 */
export function SoftPinCards({
  products,
  onBuy,
}: {
  products: DynamicProduct[];
  onBuy: ((p: DynamicProduct) => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" mt="lg" data-testid="soft-pins">
      <Group gap="xs">
        <IconCloudDownload size={20} aria-hidden />
        <Title order={2} fz="h4">
          {t('dynamicProducts.softPins')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {t('dynamicProducts.softPinsHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {products.map((p) => (
          <Card key={p.id} withBorder radius="md" padding="md" data-testid="soft-pin-card">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Title order={3} fz="h5">
                {p.name}
              </Title>
              <Badge variant="light" color="grape">
                {t('dynamicProducts.deliveredByProvider')}
              </Badge>
            </Group>
            <Group justify="space-between" mt="sm" wrap="nowrap">
              <div>
                <Text fw={600}>
                  <Money amount={p.face_value} />
                </Text>
                {p.price !== null && (
                  <Text size="sm" c="dimmed">
                    {t('dynamicProducts.dialog.youPay')}: <Money amount={p.price} />
                  </Text>
                )}
              </div>
              {onBuy && (
                <Button
                  size="xs"
                  leftSection={<IconShoppingCart size={14} />}
                  onClick={() => onBuy(p)}
                  aria-label={t('dynamicProducts.buyLabel', { product: p.name })}
                >
                  {t('dynamicProducts.buy')}
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
