import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Money } from '../../ui/money.tsx';

/** A provider product as the seller chooses it: what the number receives, the retail price and the shop's price. */
export interface ProductChoice {
  id: number;
  name: string;
  /** What the number receives, when it is not the name's own amount. */
  receives?: string | null;
  retail_price: string;
  /** Null for staff of a shop that masks its discount. */
  price: string | null;
}

/** The operator's products as cards to pick one from (international top-up, direct recharge). */
export function ProductCards({
  products,
  value,
  onChange,
}: {
  products: ProductChoice[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group label={t('topup.product')} value={value} onChange={onChange}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs">
        {products.map((p) => (
          <Radio.Card key={p.id} value={String(p.id)} p="md" radius="md">
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <Stack gap={2}>
                <Text fw={600}>{p.name}</Text>
                {p.receives && (
                  <Text size="sm">
                    {t('topup.receives')}: {p.receives}
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {t('topup.retailPrice')}: <Money amount={p.retail_price} />
                </Text>
                {p.price !== null && (
                  <Text size="sm">
                    {t('topup.yourPrice')}: <Money amount={p.price} />
                  </Text>
                )}
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
