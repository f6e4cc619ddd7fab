import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { finishedMonths } from './invoices.queries.ts';

/** "November 2026" in the user's language for a `YYYY-MM` month. */
export function useMonthLabel() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`));
}

export function MonthSelect({
  value,
  onChange,
  allowAll = false,
}: {
  value: string;
  onChange: (month: string) => void;
  allowAll?: boolean;
}) {
  const { t } = useTranslation();
  const label = useMonthLabel();
  const months = finishedMonths().map((m) => ({ value: m, label: label(m) }));
  const data = allowAll ? [{ value: '', label: t('invoices.allMonths') }, ...months] : months;
  return (
    <Select
      label={t('invoices.month')}
      data={data}
      value={value}
      allowDeselect={false}
      onChange={(v) => onChange(v ?? '')}
      w={220}
    />
  );
}
