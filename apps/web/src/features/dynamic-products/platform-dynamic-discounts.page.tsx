import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerSource } from '../../lib/customer-lookup.ts';
import { CustomerPicker } from '../../ui/customer-picker.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { DiscountEditor } from './discount-editor.tsx';

/**
 * `/dynamic-products-discounts` (superadmin): the platform's discount per dynamic product for one of its resellers
 * or own shops, beside the provider-level buying amount only the superadmin sees.
 */
export function PlatformDynamicDiscountsPage() {
  const { t } = useTranslation();
  const [customerId, setCustomerId] = useState<number | null>(null);
  return (
    <>
      <PageHeader
        title={t('screen.dynamicProductsDiscounts')}
        description={t('dynamicProducts.discounts.platformDescription')}
      />
      <Stack>
        <CustomerPicker source={customerSource} value={customerId} onChange={setCustomerId} w={420} />
        {customerId === null ? (
          <EmptyState title={t('dynamicProducts.discounts.pickCustomer')} />
        ) : (
          <DiscountEditor key={customerId} scope="platform" customerId={customerId} />
        )}
      </Stack>
    </>
  );
}
