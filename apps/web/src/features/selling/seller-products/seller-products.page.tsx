import { Alert, SimpleGrid, Skeleton } from '@mantine/core';
import type { DynamicProduct } from '@portal/contract/dynamic-products';
import type { ProductType } from '@portal/contract/products';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { SearchBox } from '../../../ui/search-box.tsx';
import { useSoftPins } from '../../dynamic-products/dynamic-products.queries.ts';
import { LazyPurchaseDialog } from '../purchase-dialog.lazy.tsx';
import type { PurchaseTarget } from '../purchase-dialog.tsx';
import { useSellerProducts } from '../selling.queries.ts';
import { TEMPLATE_LOOK } from './grid-look.ts';
import { ProductCards } from './product-cards.tsx';
import { ProductList } from './product-list.tsx';
import type { Buy } from './product-parts.tsx';
import { ProductTiles } from './product-tiles.tsx';
import { SoftPinCards } from './soft-pin-cards.tsx';
import { SoftPinDialog } from './soft-pin-dialog.tsx';

const SCREEN_TITLE = {
  cash_card: 'screen.cashCards',
  calling_card: 'screen.callingCards',
  gift_card: 'screen.sellerGiftCards',
} as const;

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
  const { user } = useSession();
  const canBuy = user?.has_transaction === 1;
  const buy: Buy = canBuy ? (product, configuration) => setTarget({ product, configuration }) : null;
  // Soft pins (decision 0104): cash and gift cards the provider delivers at sale time, for shops that sell them.
  const softPinType = productType !== 'calling_card' && user?.has_dynamic_products === 1 ? productType : null;
  const softPins = useSoftPins(softPinType);
  const [softTarget, setSoftTarget] = useState<DynamicProduct | null>(null);
  const softShown = useMemo(() => {
    const s = search.trim().toLowerCase();
    return (softPins.data ?? []).filter((p) => !s || p.name.toLowerCase().includes(s));
  }, [softPins.data, search]);
  const nothingOffered = products.data?.length === 0 && (softPinType === null || softPins.data?.length === 0);

  return (
    <>
      <PageHeader
        title={t(SCREEN_TITLE[productType])}
        actions={<SearchBox label={t('selling.products.search')} value={search} onSearch={setSearch} />}
      />
      {!canBuy && (
        <Alert color="yellow" mb="md">
          {t('selling.products.cannotBuy')}
        </Alert>
      )}
      <QueryState
        query={products}
        loading={
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={160} radius="md" />
            ))}
          </SimpleGrid>
        }
      >
        {(list) => (
          <>
            {nothingOffered && <EmptyState title={t('selling.products.noServices')} />}
            {list.length > 0 && shown.length === 0 && softShown.length === 0 && (
              <EmptyState title={t('selling.products.noMatch')} />
            )}
            {shown.length > 0 && look === 'cards' && <ProductCards products={shown} onBuy={buy} />}
            {shown.length > 0 && look === 'list' && <ProductList products={shown} onBuy={buy} />}
            {shown.length > 0 && look === 'tiles' && <ProductTiles products={shown} onBuy={buy} />}
          </>
        )}
      </QueryState>
      {/* Soft pins load beside the shop's own products; until they arrive, the products alone are shown. */}
      <QueryState query={softPins} loading={null}>
        {() => softShown.length > 0 && <SoftPinCards products={softShown} onBuy={canBuy ? setSoftTarget : null} />}
      </QueryState>
      <LazyPurchaseDialog target={target} onClose={() => setTarget(null)} />
      <SoftPinDialog product={softTarget} onClose={() => setSoftTarget(null)} />
    </>
  );
}
