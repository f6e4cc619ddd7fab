import { Button, Group, Paper, Select, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format.ts';
import type { PurchaseTarget } from '../purchase-dialog.tsx';
import { useSellerProducts } from '../selling.queries.ts';

/** Any denomination of the shop in two clicks: pick it, then the quantity in the purchase dialog. */
export function QuickBuy({ onBuy }: { onBuy: (t: PurchaseTarget) => void }) {
  const { t } = useTranslation();
  const products = useSellerProducts();
  const { money } = useFormatters();
  const [choice, setChoice] = useState<string | null>(null);
  const options = useMemo(
    () =>
      (products.data ?? []).map((p) => ({
        group: p.product_name,
        items: p.configurations.map((c) => ({
          value: String(c.configuration_id),
          label: `${p.product_name} ${money(c.value)}${c.in_stock ? '' : ` (${t('selling.products.outOfStock')})`}`,
          disabled: c.in_stock === 0,
        })),
      })),
    [products.data, t, money],
  );
  const chosen = (products.data ?? [])
    .flatMap((p) => p.configurations.map((c) => ({ product: p, configuration: c })))
    .find((x) => String(x.configuration.configuration_id) === choice);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="quick-buy">
      <Title order={2} fz="h4" mb="sm" id="quick-buy">
        {t('selling.dashboard.quickBuy')}
      </Title>
      {products.data?.length === 0 ? (
        <Text c="dimmed">{t('selling.products.noServices')}</Text>
      ) : (
        <Group align="flex-end">
          <Select
            label={t('selling.dashboard.product')}
            placeholder={t('selling.dashboard.chooseProduct')}
            data={options}
            value={choice}
            onChange={setChoice}
            searchable
            nothingFoundMessage={t('selling.products.noMatch')}
            w={{ base: '100%', sm: 380 }}
            disabled={products.isPending}
          />
          <Button
            leftSection={<IconShoppingCart size={16} />}
            disabled={!chosen}
            onClick={() => chosen && onBuy(chosen)}
          >
            {t('selling.products.buy')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
