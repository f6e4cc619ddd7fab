import { ActionIcon, Badge, Text } from '@mantine/core';
import type { SellerConfiguration, SellerProduct } from '@portal/contract/selling';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
export function FavouriteToggle({ c }: { c: SellerConfiguration }) {
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

export function PriceLine({ c }: { c: SellerConfiguration }) {
  const { t } = useTranslation();
  if (c.price === null) return null;
  return (
    <Text size="xs" c="dimmed">
      {t('selling.products.yourPrice')} <Money amount={c.price} />
    </Text>
  );
}
