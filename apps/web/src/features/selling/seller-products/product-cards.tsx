import { Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '@portal/contract/format';
import type { SellerProduct } from '@portal/contract/selling';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../ui/money.tsx';
import { type Buy, FavouriteToggle, PriceLine, StockBadge } from './product-parts.tsx';

export function ProductCards({ products, onBuy }: { products: SellerProduct[]; onBuy: Buy }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {products.map((p) => (
        <Card key={p.product_id} withBorder radius="md" padding="md" data-testid="product-card">
          {p.product_image && (
            <Card.Section>
              <Image src={p.product_image} alt="" h={120} fit="contain" bg="gray.0" />
            </Card.Section>
          )}
          <Title order={2} fz="h4" mt={p.product_image ? 'sm' : 0}>
            {p.product_name}
          </Title>
          {p.customer_care && (
            <Text size="xs" c="dimmed">
              {t('selling.receipt.customerCare')}: {p.customer_care}
            </Text>
          )}
          <Stack gap="xs" mt="sm">
            {p.configurations.map((c) => (
              <Group key={c.configuration_id} justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={600}>
                    <Money amount={c.value} />
                  </Text>
                  <PriceLine c={c} />
                </div>
                <Group gap={6} wrap="nowrap">
                  <StockBadge c={c} />
                  {onBuy && <FavouriteToggle c={c} product={p.product_name} />}
                  {onBuy && (
                    <Button
                      size="xs"
                      leftSection={<IconShoppingCart size={14} />}
                      disabled={c.in_stock === 0}
                      onClick={() => onBuy(p, c)}
                      aria-label={t('selling.products.buyLabel', {
                        product: p.product_name,
                        value: formatMoney(c.value),
                      })}
                    >
                      {t('selling.products.buy')}
                    </Button>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
