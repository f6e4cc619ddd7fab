import { Switch } from '@mantine/core';
import type { ResellerDynamicProduct } from '@portal/contract/dynamic-products';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import type { Column } from '../../ui/data-table.tsx';
import { Money } from '../../ui/money.tsx';
import { useOfferDynamicProduct, useResellerDynamicProducts } from './dynamic-products.queries.ts';
import { ProductsFrame } from './products-frame.tsx';

/**
 * `/dynamic-products/` for a reseller (decision 0110): the platform's dynamic products it can sell, at its own price,
 * each switched on or off for its shops. The provider's price stays the platform's.
 */
export function ResellerDynamicProducts() {
  const { t } = useTranslation();
  const products = useResellerDynamicProducts();
  const offer = useOfferDynamicProduct();

  function toggle(p: ResellerDynamicProduct) {
    const offered = !p.offered;
    offer.mutate(
      { dynamic_product_id: p.id, offered },
      {
        onSuccess: () =>
          notify({
            color: 'teal',
            message: t(offered ? 'dynamicProducts.offers.switchedOn' : 'dynamicProducts.offers.switchedOff', {
              product: p.name,
            }),
          }),
      },
    );
  }

  const columns: Column<ResellerDynamicProduct>[] = [
    { key: 'name', header: t('dynamicProducts.offers.product'), render: (p) => p.name },
    {
      key: 'type',
      header: t('dynamicProducts.offers.productType'),
      render: (p) => t(`products.types.${p.product_type}`),
    },
    {
      key: 'face',
      header: t('dynamicProducts.offers.faceValue'),
      align: 'right',
      render: (p) => <Money amount={p.face_value} />,
    },
    { key: 'discount', header: t('dynamicProducts.offers.discount'), align: 'right', render: (p) => p.discount },
    {
      key: 'price',
      header: t('dynamicProducts.offers.price'),
      align: 'right',
      render: (p) => <Money amount={p.price} />,
    },
    {
      key: 'offered',
      header: t('dynamicProducts.offers.offered'),
      render: (p) => (
        <Switch
          checked={p.offered}
          onChange={() => toggle(p)}
          disabled={offer.isPending && offer.variables?.dynamic_product_id === p.id}
          aria-label={t('dynamicProducts.offers.offerLabel', { product: p.name })}
        />
      ),
    },
  ];
  return (
    <ProductsFrame
      query={products}
      description={t('dynamicProducts.offers.description')}
      columns={columns}
      rowKey={(p) => p.id}
      rowTestId="reseller-dynamic-product"
    />
  );
}
