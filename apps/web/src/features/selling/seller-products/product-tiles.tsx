import { Group, Image, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { SellerProduct } from '@portal/contract/selling';
import { Money } from '../../../ui/money.tsx';
import { type Buy, FavouriteToggle, PriceLine, StockBadge } from './product-parts.tsx';

export function ProductTiles({ products, onBuy }: { products: SellerProduct[]; onBuy: Buy }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }}>
      {products.flatMap((p) =>
        p.configurations.map((c) => (
          <Paper key={c.configuration_id} withBorder radius="md" p="sm">
            <UnstyledButton w="100%" disabled={c.in_stock === 0 || !onBuy} onClick={() => onBuy?.(p, c)}>
              <Stack gap={4} align="center" opacity={c.in_stock === 0 ? 0.5 : 1}>
                {p.product_image && <Image src={p.product_image} alt="" h={48} w="auto" fit="contain" />}
                <Text size="sm" fw={500} ta="center" lineClamp={2}>
                  {p.product_name}
                </Text>
                <Text fz={24} fw={700}>
                  <Money amount={c.value} />
                </Text>
                <PriceLine c={c} />
                <StockBadge c={c} />
              </Stack>
            </UnstyledButton>
            {onBuy && (
              <Group justify="center" mt={4}>
                <FavouriteToggle c={c} product={p.product_name} />
              </Group>
            )}
          </Paper>
        )),
      )}
    </SimpleGrid>
  );
}
