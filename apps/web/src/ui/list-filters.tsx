import { SegmentedControl, Select } from '@mantine/core';
import { PRODUCT_TYPES } from '@portal/contract/products';
import { useTranslation } from 'react-i18next';

/** All product types or one of them; '' is all. */
export function ProductTypeFilter({ value, onChange }: { value: string; onChange: (type: string) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('catalogue.product.type')}
      value={value}
      onChange={(v) => onChange(v ?? '')}
      data={[
        { value: '', label: t('catalogue.common.allTypes') },
        ...PRODUCT_TYPES.map((type) => ({ value: type, label: t(`catalogue.productTypes.${type}`) })),
      ]}
      allowDeselect={false}
    />
  );
}

/** All, active ('1') or inactive ('0') rows; '' is all. */
export function ActiveStatusFilter({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('catalogue.common.status')}
      value={value}
      onChange={onChange}
      data={[
        { value: '', label: t('catalogue.common.allStatuses') },
        { value: '1', label: t('catalogue.common.active') },
        { value: '0', label: t('catalogue.common.inactive') },
      ]}
    />
  );
}
