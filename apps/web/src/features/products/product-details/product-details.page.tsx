import { Stack } from '@mantine/core';
import { RULES } from '@portal/contract/rules';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { describeError } from '../../../lib/errors.ts';
import { useCan } from '../../../lib/permissions.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { useProduct } from '../products.queries.ts';
import { AssignedProduct } from './assigned-product.tsx';
import { LowStockThresholds } from './low-stock-thresholds.tsx';
import { ProductEditor } from './product-editor.tsx';

/** `/products/view/{productId}` and `/admin/giftcard/edit/{card}`: details, image, denominations, status. */
export function ProductDetailsPage({ giftCard = false }: { giftCard?: boolean }) {
  const { t } = useTranslation();
  const params = useParams();
  const productId = Number(giftCard ? params.card : params.productId);
  const product = useProduct(productId);
  const ownsStock = useCan(RULES.inventory);
  if (product.isPending) return <PageLoader />;
  if (product.isError)
    return <ErrorState message={describeError(t, product.error)} onRetry={() => product.refetch()} />;
  if (product.data.assigned === 1) return <AssignedProduct product={product.data} />;
  if (!ownsStock) return <ProductEditor product={product.data} giftCard={giftCard} />;
  return (
    <Stack gap="xl">
      <ProductEditor product={product.data} giftCard={giftCard} />
      <LowStockThresholds productId={productId} />
    </Stack>
  );
}
