import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { DiscountEditor } from './discount-editor.tsx';

/** `/customer/{customerId}/dynamic/discount`: the caller's discounts for one of its own customers. */
export function CustomerDynamicDiscountPage() {
  const { t } = useTranslation();
  const customerId = Number(useParams().customerId);
  return (
    <>
      <PageHeader
        title={t('screen.customerDynamicDiscount')}
        description={t('dynamicProducts.discounts.parentDescription')}
      />
      {Number.isInteger(customerId) && customerId > 0 ? (
        <DiscountEditor key={customerId} scope="parent" customerId={customerId} />
      ) : (
        <EmptyState title={t('dynamicProducts.discounts.pickCustomer')} />
      )}
    </>
  );
}
