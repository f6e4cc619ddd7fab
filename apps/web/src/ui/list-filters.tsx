import { SegmentedControl, Select, Text } from '@mantine/core';
import { PRODUCT_TYPES } from '@portal/contract/products';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from './day-input.tsx';
import { type DateRange, rangeTracker } from './days.ts';

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
      aria-label={label ? undefined : t('products.type')}
      value={value}
      onChange={(v) => onChange(v ?? '')}
      data={[
        { value: '', label: t('products.allTypes') },
        ...PRODUCT_TYPES.map((type) => ({ value: type, label: t(`products.types.${type}`) })),
      ]}
      allowDeselect={false}
    />
  );
}

/** All, active ('1') or inactive ('0') rows; '' is all. Its words are those of the list's domain. */
export function ActiveStatusFilter({
  domain,
  value,
  onChange,
}: {
  domain: 'products' | 'suppliers';
  value: string;
  onChange: (status: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t(`${domain}.common.status`)}
      value={value}
      onChange={onChange}
      data={[
        { value: '', label: t(`${domain}.common.allStatuses`) },
        { value: '1', label: t(`${domain}.common.active`) },
        { value: '0', label: t(`${domain}.common.inactive`) },
      ]}
    />
  );
}

/**
 * A period as two date fields, the end never before the start: Mantine's date fields in the app's language
 * (ui/day-input.tsx, decision 0115). `labels` are shown above the fields, or with `inline` (a toolbar row) only
 * named to screen readers, `short` then marking the fields. A change sends both ends as last sent (ui/days.ts), so
 * typing both dates before the page renders again keeps both.
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
  const tracker = useRef<ReturnType<typeof rangeTracker>>(null);
  tracker.current ??= rangeTracker(value);
  const sent = tracker.current;
  sent.render(value);
  const field = (end: keyof DateRange) => ({
    label: inline ? undefined : labels[end],
    'aria-label': inline ? labels[end] : undefined,
    leftSection: short && <Text size="xs">{short[end]}</Text>,
    leftSectionWidth: short && 44,
    value: value[end],
    onChange: (day: string) => onChange(sent.change(end, day)),
    clearable: true,
  });
  return (
    <>
      <DayInput {...field('from')} max={value.to} />
      <DayInput {...field('to')} min={value.from} />
    </>
  );
}
