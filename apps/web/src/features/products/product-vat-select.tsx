import { Select } from '@mantine/core';
import { PRODUCT_VAT, type ProductVat } from '@portal/contract/products';
import { useTranslation } from 'react-i18next';

/** The product's VAT treatment, which decides the VAT its invoices show (decision 0090). */
export function VatSelect(props: {
  value: ProductVat;
  onChange: (value: ProductVat) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('products.vat')}
      description={t('products.vatHint')}
      data={PRODUCT_VAT.map((v) => ({ value: v, label: t(`products.vatOptions.${v}`) }))}
      allowDeselect={false}
      value={props.value}
      onChange={(v) => v && props.onChange(v as ProductVat)}
      error={props.error}
    />
  );
}
