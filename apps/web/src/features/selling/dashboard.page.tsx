import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { WEEKDAYS } from '@portal/contract/customers';
import { ROLE } from '@portal/contract/roles';
import type { Favourite, SellerDashboard } from '@portal/contract/selling';
import { IconArrowDown, IconArrowUp, IconRestore, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/errors.ts';
import { useFormatters } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { BalanceCards } from '../home/home.page.tsx';
import { PurchaseDialog, type PurchaseTarget } from './purchase-dialog.tsx';
import {
  useDashboard,
  useSaveFavourites,
  useSaveShopTimings,
  useSaveSupportId,
  useSellerProducts,
} from './selling.queries.ts';

/** `/dashboard`: the home of sellers and web support after sign-in. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const dashboard = useDashboard();
  const [target, setTarget] = useState<PurchaseTarget | null>(null);
  if (!user) return null;
  const manager = user.account_role === ROLE.seller && user.internal_role === 0;
  return (
    <>
      <PageHeader
        title={t('selling.dashboard.welcome', { name: user.name || user.username })}
        description={dashboard.data?.shop.name ?? user.organisation_name}
      />
      <Stack gap="xl">
        <BalanceCards customerId={user.customer_id} />
        {dashboard.isError && (
          <ErrorState message={describeError(t, dashboard.error)} onRetry={() => dashboard.refetch()} />
        )}
        <TodaysSales today={dashboard.data?.today} />
        <QuickBuy onBuy={setTarget} />
        {dashboard.data && <Favourites data={dashboard.data} onBuy={setTarget} />}
        {dashboard.data && manager && <ShopSettings shop={dashboard.data.shop} />}
      </Stack>
      <PurchaseDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}

function TodaysSales({ today }: { today: SellerDashboard['today'] | undefined }) {
  const { t } = useTranslation();
  const figures: { key: string; label: string; value: (d: SellerDashboard['today']) => ReactNode }[] = [
    { key: 'sales', label: t('selling.dashboard.salesToday'), value: (d) => d.sales_count },
    { key: 'pins', label: t('selling.dashboard.pinsToday'), value: (d) => d.quantity },
    { key: 'value', label: t('selling.dashboard.valueToday'), value: (d) => <Money amount={d.total_value} /> },
  ];
  // Staff of a shop that masks its discount do not see what the shop paid.
  if (today?.total_price !== null) {
    figures.push({
      key: 'price',
      label: t('selling.dashboard.paidToday'),
      value: (d) => (d.total_price === null ? null : <Money amount={d.total_price} />),
    });
  }
  return (
    <section aria-labelledby="today">
      <Title order={2} fz="h4" mb="sm" id="today">
        {t('selling.dashboard.today')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {figures.map(({ key, label, value }) => (
          <Paper key={key} withBorder radius="md" p="md" data-testid={`today-${key}`}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            {today ? (
              <Text fz={24} fw={700}>
                {value(today)}
              </Text>
            ) : (
              <Skeleton h={30} mt={4} w="60%" />
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}

/** Any denomination of the shop in two clicks: pick it, then the quantity in the purchase dialog. */
function QuickBuy({ onBuy }: { onBuy: (t: PurchaseTarget) => void }) {
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

function Favourites({ data, onBuy }: { data: SellerDashboard; onBuy: (t: PurchaseTarget) => void }) {
  const { t } = useTranslation();
  const save = useSaveFavourites();
  const ids = data.favourites.map((f) => f.configuration_id);
  const store = (next: number[] | null) => save.mutate(next);
  const move = (index: number, by: number) => {
    const next = [...ids];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    store(next);
  };
  const buy = (f: Favourite) => onBuy({ product: f, configuration: f });
  return (
    <section aria-labelledby="favourites">
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={2} fz="h4" id="favourites">
            {t('selling.favourites.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {data.favourites_custom ? t('selling.favourites.customHint') : t('selling.favourites.bestSellersHint')}
          </Text>
        </div>
        {data.favourites_custom === 1 && (
          <Button
            variant="default"
            leftSection={<IconRestore size={16} />}
            onClick={() => store(null)}
            loading={save.isPending}
          >
            {t('selling.favourites.reset')}
          </Button>
        )}
      </Group>
      {data.favourites.length === 0 ? (
        <EmptyState title={t('selling.favourites.none')} />
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="xs">
            <Table.Tbody>
              {data.favourites.map((f, i) => (
                <Table.Tr key={f.configuration_id} data-testid="favourite">
                  <Table.Td>
                    <Text fw={500}>{f.product_name}</Text>
                    <Text size="xs" c="dimmed">
                      {f.price !== null && (
                        <>
                          {t('selling.products.yourPrice')} <Money amount={f.price} />
                        </>
                      )}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text fw={700}>
                      <Money amount={f.value} />
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {f.in_stock ? null : <Badge color="gray">{t('selling.products.outOfStock')}</Badge>}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('selling.favourites.up')}
                        disabled={i === 0 || save.isPending}
                        onClick={() => move(i, -1)}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('selling.favourites.down')}
                        disabled={i === data.favourites.length - 1 || save.isPending}
                        onClick={() => move(i, 1)}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('selling.favourites.remove')}
                        disabled={save.isPending}
                        onClick={() => store(ids.filter((id) => id !== f.configuration_id))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                      <Button size="xs" disabled={!f.in_stock} onClick={() => buy(f)}>
                        {t('selling.products.buy')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </section>
  );
}

type Timings = Record<string, { open: string; close: string } | null>;

/** The shop's opening hours and its remote-support id (managers of the shop only). */
function ShopSettings({ shop }: { shop: SellerDashboard['shop'] }) {
  const { t } = useTranslation();
  const saveTimings = useSaveShopTimings();
  const saveSupport = useSaveSupportId();
  const [timings, setTimings] = useState<Timings>({});
  const [lunch, setLunch] = useState<{ from: string; to: string } | null>(null);
  const [supportId, setSupportId] = useState('');
  useEffect(() => {
    setTimings(shop.shop_timings ?? {});
    setLunch(shop.lunch);
    setSupportId(shop.support_id ?? '');
  }, [shop]);
  const done = { onSuccess: () => notify({ color: 'green', message: t('selling.shop.saved') }) };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="shop-timings">
        <Title order={2} fz="h4" mb="sm" id="shop-timings">
          {t('selling.shop.timings')}
        </Title>
        <Stack gap="xs">
          {WEEKDAYS.map((day) => {
            const span = timings[day] ?? null;
            return (
              <Group key={day} gap="xs" wrap="nowrap">
                <Checkbox
                  w={130}
                  label={t(`selling.shop.days.${day}`)}
                  checked={span !== null}
                  onChange={(e) =>
                    setTimings({
                      ...timings,
                      [day]: e.currentTarget.checked ? { open: '09:00', close: '18:00' } : null,
                    })
                  }
                />
                {span && (
                  <>
                    <TextInput
                      type="time"
                      aria-label={t('selling.shop.opens', { day: t(`selling.shop.days.${day}`) })}
                      value={span.open}
                      onChange={(e) => setTimings({ ...timings, [day]: { ...span, open: e.currentTarget.value } })}
                    />
                    <TextInput
                      type="time"
                      aria-label={t('selling.shop.closes', { day: t(`selling.shop.days.${day}`) })}
                      value={span.close}
                      onChange={(e) => setTimings({ ...timings, [day]: { ...span, close: e.currentTarget.value } })}
                    />
                  </>
                )}
                {!span && (
                  <Text size="sm" c="dimmed">
                    {t('selling.shop.closed')}
                  </Text>
                )}
              </Group>
            );
          })}
          <Group gap="xs" wrap="nowrap">
            <Checkbox
              w={130}
              label={t('selling.shop.lunch')}
              checked={lunch !== null}
              onChange={(e) => setLunch(e.currentTarget.checked ? { from: '13:00', to: '14:00' } : null)}
            />
            {lunch && (
              <>
                <TextInput
                  type="time"
                  aria-label={t('selling.shop.lunchFrom')}
                  value={lunch.from}
                  onChange={(e) => setLunch({ ...lunch, from: e.currentTarget.value })}
                />
                <TextInput
                  type="time"
                  aria-label={t('selling.shop.lunchTo')}
                  value={lunch.to}
                  onChange={(e) => setLunch({ ...lunch, to: e.currentTarget.value })}
                />
              </>
            )}
          </Group>
          <Group justify="flex-end">
            <Button
              loading={saveTimings.isPending}
              onClick={() =>
                saveTimings.mutate(
                  { shop_timings: Object.fromEntries(WEEKDAYS.map((d) => [d, timings[d] ?? null])), lunch },
                  done,
                )
              }
            >
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="support-id">
        <Title order={2} fz="h4" mb="xs" id="support-id">
          {t('selling.shop.supportId')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('selling.shop.supportIdHint')}
        </Text>
        <Group align="flex-end">
          <TextInput
            label={t('selling.shop.supportId')}
            value={supportId}
            onChange={(e) => setSupportId(e.currentTarget.value)}
            maxLength={64}
          />
          <Button
            loading={saveSupport.isPending}
            disabled={supportId.trim() === ''}
            onClick={() => saveSupport.mutate(supportId.trim(), done)}
          >
            {t('common.save')}
          </Button>
        </Group>
      </Paper>
    </SimpleGrid>
  );
}
