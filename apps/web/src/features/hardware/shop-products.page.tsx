import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { Decimal } from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { useFormatters } from '../../lib/format.ts';
import { askToConfirm } from '../../ui/confirm-action.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { CatalogueImage } from './catalogue-parts.tsx';
import {
  type HardwareOrder,
  type HardwareProduct,
  useCategoryName,
  usePlaceOrder,
  useProducts,
} from './hardware.queries.ts';
import { OrderConfirmation } from './order-confirmation.tsx';

function OrderCard({ product, onOrdered }: { product: HardwareProduct; onOrdered: (order: HardwareOrder) => void }) {
  const { t } = useTranslation();
  const order = usePlaceOrder();
  const { money } = useFormatters();
  const [quantity, setQuantity] = useState<number | string>(1);
  const count = Number(quantity) || 0;
  return (
    <Card withBorder radius="md" padding="md">
      <Card.Section>
        <CatalogueImage src={product.image} />
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Text fw={600}>{product.product_name}</Text>
        {product.description && (
          <Text size="sm" c="dimmed">
            {product.description}
          </Text>
        )}
        <Group justify="space-between">
          <Money amount={product.price} />
          <Text size="xs" c="dimmed">
            {t('hardware.inStock', { count: product.stock })}
          </Text>
        </Group>
        <NumberInput
          label={t('hardware.quantityFor', { name: product.product_name })}
          min={1}
          max={Math.max(product.stock, 1)}
          allowDecimal={false}
          value={quantity}
          onChange={setQuantity}
        />
        {order.isError && (
          <Alert color="red" p="xs">
            {describeError(t, order.error)}
          </Alert>
        )}
        <Button
          disabled={product.stock === 0 || count < 1}
          loading={order.isPending}
          onClick={() =>
            // The order is paid from the balance at once: it asks first with the amount (price × quantity).
            askToConfirm({
              title: t('safeActions.hardwareOrder.title'),
              consequence: t('safeActions.hardwareOrder.consequence', {
                quantity: count,
                product: product.product_name,
                amount: money(new Decimal(product.price).times(count).toFixed()),
              }),
              confirmLabel: t('safeActions.hardwareOrder.confirm'),
              run: () => order.mutateAsync({ product_id: product.product_id, quantity: count }).then(onOrdered),
              done: {
                message: t('safeActions.hardwareOrder.done', { quantity: count, product: product.product_name }),
              },
            })
          }
        >
          {t('hardware.order')}
        </Button>
      </Stack>
    </Card>
  );
}

/** `/hardware/{categoryId}`: the shop orders from its reseller, paid from its balance; then prints the confirmation. */
export function ShopProductsPage() {
  const { t } = useTranslation();
  const categoryId = Number(useParams().categoryId);
  const name = useCategoryName(categoryId);
  const products = useProducts(categoryId);
  const [placed, setPlaced] = useState<HardwareOrder | null>(null);
  return (
    <>
      <PageHeader title={name ?? t('screen.shopHardwareCategory')} description={t('hardware.orderDescription')} />
      <Stack gap="xl">
        {placed && <OrderConfirmation order={placed} onClose={() => setPlaced(null)} />}
        <QueryState query={products}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t('hardware.noProducts')} />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {list.map((p) => (
                  <OrderCard key={p.product_id} product={p} onOrdered={setPlaced} />
                ))}
              </SimpleGrid>
            )
          }
        </QueryState>
      </Stack>
    </>
  );
}
