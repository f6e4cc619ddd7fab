import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { ProductType } from '@portal/contract/products';
import type { SellerConfiguration, SellerProduct } from '@portal/contract/selling';
import { IconSearch, IconShoppingCart, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/errors.ts';
import { useSession } from '../../lib/session.ts';
import { useSettings } from '../../lib/settings.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PurchaseDialog, type PurchaseTarget } from './purchase-dialog.tsx';
import { useDashboard, useSaveFavourites, useSellerProducts } from './selling.queries.ts';

/**
 * The look of the product screens per template (spec: "up to five template variants"): one page, three layouts.
 * 0 and 5 show product cards, 1 and 3 a compact list, 2 and 4 one tile per denomination; 5's pale background and
 * every template's colour come from the app theme.
 */
export type GridLook = 'cards' | 'list' | 'tiles';
export const TEMPLATE_LOOK: Record<number, GridLook> = {
  0: 'cards',
  1: 'list',
  2: 'tiles',
  3: 'list',
  4: 'tiles',
  5: 'cards',
};

const SCREEN_TITLE = {
  cash_card: 'screen.cashCards',
  calling_card: 'screen.callingCards',
  gift_card: 'screen.sellerGiftCards',
} as const;

/** null when the user may see the products but not buy (has_transaction off): no buy buttons, no favourites. */
type Buy = ((product: SellerProduct, configuration: SellerConfiguration) => void) | null;

/** `/cashcards/`, `/callingcards/`, `/giftcards/`: the shop's products of one type, bought from here. */
export function SellerProductsPage({ productType }: { productType: ProductType }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const products = useSellerProducts(productType);
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<PurchaseTarget | null>(null);
  const look = TEMPLATE_LOOK[settings.template] ?? 'cards';
  const shown = useMemo(() => {
    const s = search.trim().toLowerCase();
    return (products.data ?? []).filter((p) => !s || p.product_name.toLowerCase().includes(s));
  }, [products.data, search]);
  const canBuy = useSession().user?.has_transaction === 1;
  const buy: Buy = canBuy ? (product, configuration) => setTarget({ product, configuration }) : null;

  return (
    <>
      <PageHeader
        title={t(SCREEN_TITLE[productType])}
        actions={
          <TextInput
            aria-label={t('selling.products.search')}
            placeholder={t('selling.products.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
        }
      />
      {!canBuy && (
        <Alert color="yellow" mb="md">
          {t('selling.products.cannotBuy')}
        </Alert>
      )}
      {products.isError && <ErrorState message={describeError(t, products.error)} onRetry={() => products.refetch()} />}
      {products.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={160} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {products.data?.length === 0 && <EmptyState title={t('selling.products.noServices')} />}
      {products.data && products.data.length > 0 && shown.length === 0 && (
        <EmptyState title={t('selling.products.noMatch')} />
      )}
      {shown.length > 0 && look === 'cards' && <ProductCards products={shown} onBuy={buy} />}
      {shown.length > 0 && look === 'list' && <ProductList products={shown} onBuy={buy} />}
      {shown.length > 0 && look === 'tiles' && <ProductTiles products={shown} onBuy={buy} />}
      <PurchaseDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}

function StockBadge({ c }: { c: SellerConfiguration }) {
  const { t } = useTranslation();
  if (c.in_stock === 0) return <Badge color="gray">{t('selling.products.outOfStock')}</Badge>;
  return (
    <Badge color={c.available < 10 ? 'orange' : 'green'}>
      {t('selling.products.available', { count: c.available })}
    </Badge>
  );
}

/** Stars a denomination on the user's favourites (shown on the dashboard for quick buying). */
function FavouriteToggle({ c }: { c: SellerConfiguration }) {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const save = useSaveFavourites();
  const label = c.favourite ? t('selling.favourites.remove') : t('selling.favourites.add');
  return (
    <ActionIcon
      variant="subtle"
      color="yellow"
      aria-label={label}
      title={label}
      loading={save.isPending}
      onClick={() => {
        const current = dashboard.data?.favourites_custom
          ? dashboard.data.favourites.map((f) => f.configuration_id)
          : [];
        const next = c.favourite
          ? current.filter((id) => id !== c.configuration_id)
          : [...current.filter((id) => id !== c.configuration_id), c.configuration_id];
        save.mutate(next);
      }}
    >
      {c.favourite ? <IconStarFilled size={18} /> : <IconStar size={18} />}
    </ActionIcon>
  );
}

function PriceLine({ c }: { c: SellerConfiguration }) {
  const { t } = useTranslation();
  if (c.price === null) return null;
  return (
    <Text size="xs" c="dimmed">
      {t('selling.products.yourPrice')} <Money amount={c.price} />
    </Text>
  );
}

function ProductCards({ products, onBuy }: { products: SellerProduct[]; onBuy: Buy }) {
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
                  {onBuy && <FavouriteToggle c={c} />}
                  {onBuy && (
                    <Button
                      size="xs"
                      leftSection={<IconShoppingCart size={14} />}
                      disabled={c.in_stock === 0}
                      onClick={() => onBuy(p, c)}
                      aria-label={t('selling.products.buyLabel', { product: p.product_name, value: c.value })}
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

function ProductList({ products, onBuy }: { products: SellerProduct[]; onBuy: Buy }) {
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
                        <FavouriteToggle c={c} />
                        <Button
                          size="xs"
                          disabled={c.in_stock === 0}
                          onClick={() => onBuy(p, c)}
                          aria-label={t('selling.products.buyLabel', { product: p.product_name, value: c.value })}
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

function ProductTiles({ products, onBuy }: { products: SellerProduct[]; onBuy: Buy }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }}>
      {products.flatMap((p) =>
        p.configurations.map((c) => (
          <Paper key={c.configuration_id} withBorder radius="md" p="sm">
            <UnstyledButton
              w="100%"
              disabled={c.in_stock === 0 || !onBuy}
              onClick={() => onBuy?.(p, c)}
              aria-label={t('selling.products.buyLabel', { product: p.product_name, value: c.value })}
            >
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
                <FavouriteToggle c={c} />
              </Group>
            )}
          </Paper>
        )),
      )}
    </SimpleGrid>
  );
}
