import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a provider sale goes to, as every top-up's confirmation shows it before anything is sent: the number, its
 * operator and the product; `children` add what the number receives and what it costs.
 */
export function SaleFacts({
  mobile,
  operatorName,
  productName,
  children,
}: {
  mobile: string;
  operatorName: string;
  productName: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm">
        {t('topup.mobileNumber')}: <strong>{mobile}</strong>
      </Text>
      <Text size="sm">
        {t('topup.operator')}: {operatorName}
      </Text>
      <Text size="sm">
        {t('topup.product')}: {productName}
      </Text>
      {children}
    </Stack>
  );
}
