import { ActionIcon, Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import type { Favourite, SellerDashboard } from '@portal/contract/selling';
import { IconArrowDown, IconArrowUp, IconRestore, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format.ts';
import { askToConfirm } from '../../../ui/confirm-action.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Money } from '../../../ui/money.tsx';
import type { PurchaseTarget } from '../purchase-dialog.tsx';
import { useSaveFavourites } from '../selling.queries.ts';

export function Favourites({ data, onBuy }: { data: SellerDashboard; onBuy: (t: PurchaseTarget) => void }) {
  const { t } = useTranslation();
  const save = useSaveFavourites();
  const { money } = useFormatters();
  const ids = data.favourites.map((f) => f.configuration_id);
  const store = (next: number[] | null) => save.mutate(next);
  // Removing a favourite or the user's own list asks first; the toast's undo saves the list as it was.
  const restore = () => save.mutateAsync(ids);
  const askToRemove = (f: Favourite) => {
    const product = `${f.product_name} ${money(f.value)}`;
    askToConfirm({
      title: t('safeActions.favourite.title'),
      consequence: t('safeActions.favourite.consequence', { product }),
      confirmLabel: t('safeActions.favourite.confirm'),
      danger: true,
      run: () => save.mutateAsync(ids.filter((id) => id !== f.configuration_id)),
      done: {
        message: t('safeActions.favourite.done', { product }),
        undo: { run: restore, message: t('safeActions.favourite.undone', { product }) },
      },
    });
  };
  const askToReset = () =>
    askToConfirm({
      title: t('safeActions.favourite.resetTitle'),
      consequence: t('safeActions.favourite.reset', { count: ids.length }),
      confirmLabel: t('selling.favourites.reset'),
      danger: true,
      run: () => save.mutateAsync(null),
      done: {
        message: t('safeActions.favourite.resetDone'),
        undo: { run: restore, message: t('safeActions.favourite.resetUndone') },
      },
    });
  const move = (index: number, by: number) => {
    const next = [...ids];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!); // index is a shown row's
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
            onClick={askToReset}
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
                        onClick={() => askToRemove(f)}
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
