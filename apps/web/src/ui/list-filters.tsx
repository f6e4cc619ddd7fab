import { SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { PRODUCT_TYPES } from '@portal/contract/products';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** All product types or one of them; '' is all. With `label` it is shown above the field (a filter form). */
export function ProductTypeFilter({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (type: string) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      aria-label={label ? undefined : t('catalogue.product.type')}
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

export interface DateRange {
  /** Berlin days as YYYY-MM-DD; '' leaves that end open. */
  from: string;
  to: string;
}

/**
 * A period as two date fields, the end never before the start. The browser's own date field (decision 0115): it
 * shows and reads the date in the user's locale, with its calendar and keyboard entry. `labels` are shown above
 * the fields, or with `inline` (a toolbar row) only named to screen readers, `short` then marking the fields.
 */
export function DateRangeFilter({
  value,
  onChange,
  labels,
  inline,
  short,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  labels: { from: string; to: string };
  inline?: boolean;
  short?: { from: string; to: string };
}) {
  const field = (end: keyof DateRange) => ({
    type: 'date',
    label: inline ? undefined : labels[end],
    'aria-label': inline ? labels[end] : undefined,
    leftSection: short && <Text size="xs">{short[end]}</Text>,
    leftSectionWidth: short && 44,
    value: value[end],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ ...value, [end]: e.currentTarget.value }),
  });
  return (
    <>
      <TextInput {...field('from')} max={value.to || undefined} />
      <TextInput {...field('to')} min={value.from || undefined} />
    </>
  );
}
