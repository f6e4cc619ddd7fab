import { Button, Group, Paper, Table, Text } from '@mantine/core';
import { formatMoney } from '@portal/contract/format';
import type { SellerProduct } from '@portal/contract/selling';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../ui/money.tsx';
import { type Buy, FavouriteToggle, StockBadge } from './product-parts.tsx';

export function ProductList({ products, onBuy }: { products: SellerProduct[]; onBuy: Buy }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('selling.products.product')}</Table.Th>
              <Table.Th ta="right">{t('selling.products.value')}</Table.Th>
              <Table.Th ta="right">{t('selling.products.price')}</Table.Th>
              <Table.Th>{t('selling.products.stock')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.flatMap((p) =>
              p.configurations.map((c) => (
                <Table.Tr key={c.configuration_id}>
                  <Table.Td>
                    <Text fw={500}>{p.product_name}</Text>
                    {c.info && (
                      <Text size="xs" c="dimmed">
                        {c.info}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={c.value} />
                  </Table.Td>
                  <Table.Td ta="right">{c.price === null ? '—' : <Money amount={c.price} />}</Table.Td>
                  <Table.Td>
                    <StockBadge c={c} />
                  </Table.Td>
                  <Table.Td>
                    {onBuy && (
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        <FavouriteToggle c={c} product={p.product_name} />
                        <Button
                          size="xs"
                          disabled={c.in_stock === 0}
                          onClick={() => onBuy(p, c)}
                          aria-label={t('selling.products.buyLabel', {
                            product: p.product_name,
                            value: formatMoney(c.value),
                          })}
                        >
                          {t('selling.products.buy')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              )),
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
