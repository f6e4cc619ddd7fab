import { Button, Group, Select } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify.ts';
import { finishedMonths, saveInvoicePdf } from './invoices.queries.ts';

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

/** The invoice's PDF in net and gross view; a refusal is told in a notification. */
export function PdfButtons({ invoiceId, number }: { invoiceId: number; number: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'net' | 'gross' | null>(null);
  const save = async (view: 'net' | 'gross') => {
    setBusy(view);
    try {
      await saveInvoicePdf(invoiceId, view);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap={4} wrap="nowrap">
      {(['net', 'gross'] as const).map((view) => (
        <Button
          key={view}
          size="compact-xs"
          variant="light"
          leftSection={<IconFileTypePdf size={14} />}
          loading={busy === view}
          aria-label={`${t(view === 'net' ? 'invoices.pdfNet' : 'invoices.pdfGross')} ${number}`}
          onClick={() => save(view)}
        >
          {t(view === 'net' ? 'invoices.pdfNet' : 'invoices.pdfGross')}
        </Button>
      ))}
    </Group>
  );
}
