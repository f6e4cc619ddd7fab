import { ActionIcon, Badge, Text } from '@mantine/core';
import type { SellerConfiguration, SellerProduct } from '@portal/contract/selling';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format.ts';
import { askToConfirm } from '../../../ui/confirm-action.tsx';
import { Money } from '../../../ui/money.tsx';
import { useDashboard, useSaveFavourites } from '../selling.queries.ts';

/** null when the user may see the products but not buy (has_transaction off): no buy buttons, no favourites. */
export type Buy = ((product: SellerProduct, configuration: SellerConfiguration) => void) | null;

export function StockBadge({ c }: { c: SellerConfiguration }) {
  const { t } = useTranslation();
  if (c.in_stock === 0) return <Badge color="gray">{t('selling.products.outOfStock')}</Badge>;
  return (
    <Badge color={c.available < 10 ? 'orange' : 'green'}>
      {t('selling.products.available', { count: c.available })}
    </Badge>
  );
}

/** Stars a denomination on the user's favourites (shown on the dashboard for quick buying). */
export function FavouriteToggle({ c, product }: { c: SellerConfiguration; product: string }) {
  const { t } = useTranslation();
  const { money } = useFormatters();
  const productName = `${product} ${money(c.value)}`;
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
        if (!c.favourite) {
          save.mutate([...current.filter((id) => id !== c.configuration_id), c.configuration_id]);
          return;
        }
        // Un-starring removes a favourite: asked first, and the toast's undo saves the list as it was.
        askToConfirm({
          title: t('safeActions.favourite.title'),
          consequence: t('safeActions.favourite.consequence', { product: productName }),
          confirmLabel: t('safeActions.favourite.confirm'),
          danger: true,
          run: () => save.mutateAsync(current.filter((id) => id !== c.configuration_id)),
          done: {
            message: t('safeActions.favourite.done', { product: productName }),
            undo: {
              run: () => save.mutateAsync(current),
              message: t('safeActions.favourite.undone', { product: productName }),
            },
          },
        });
      }}
    >
      {c.favourite ? <IconStarFilled size={18} /> : <IconStar size={18} />}
    </ActionIcon>
  );
}

export function PriceLine({ c }: { c: SellerConfiguration }) {
  const { t } = useTranslation();
  if (c.price === null) return null;
  return (
    <Text size="xs" c="dimmed">
      {t('selling.products.yourPrice')} <Money amount={c.price} />
    </Text>
  );
}
